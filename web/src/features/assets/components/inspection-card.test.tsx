import { MantineProvider } from '@mantine/core'
import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { formatDate } from '../lib/format'
import { InspectionCard } from './inspection-card'

type Asset = Parameters<typeof InspectionCard>[0]['asset']
const show = (asset: Asset, canEdit = false, canCreateOrder = false) =>
  render(<MantineProvider><InspectionCard asset={asset} canEdit={canEdit} canCreateOrder={canCreateOrder} /></MantineProvider>)
const inspection = (over: Partial<Asset['inspections'][number]> = {}) => ({
  id: '01a00000-0000-7000-8000-000000000001', inspectedAt: '2021-01-20T12:00:00.000Z', body: 'Socotec', reportDocumentId: null, notes: null,
  findingsCount: 2, openFindingsCount: 2, ...over,
})

describe('the technical inspection on the elevator page', () => {
  it('says an overdue inspection is late, by how many days, with its body and the findings to remedy', () => {
    show({
      id: 'a', lastInspectionAt: '2021-01-20T12:00:00.000Z', inspectionBody: 'Socotec', nextInspectionDueAt: '2026-01-20T12:00:00.000Z',
      inspectionDaysLeft: -45, inspectionState: 'OVERDUE', inspections: [inspection()],
    })
    expect(screen.getByText('En retard')).toBeTruthy()
    expect(screen.getByText('En retard de 45 jours')).toBeTruthy()
    // Once as the last inspection, once in the history.
    expect(screen.getAllByText(`${formatDate('2021-01-20T12:00:00.000Z')} · Socotec`)).toHaveLength(2)
    expect(screen.getByText(formatDate('2026-01-20T12:00:00.000Z'))).toBeTruthy()
    expect(screen.getByText('2 observations, 2 à lever')).toBeTruthy()
  })

  it('findings all remedied, and none recorded, are worded so', () => {
    show({
      id: 'a', lastInspectionAt: '2025-01-20T12:00:00.000Z', inspectionBody: 'Apave', nextInspectionDueAt: '2030-01-20T12:00:00.000Z',
      inspectionDaysLeft: 1500, inspectionState: 'UP_TO_DATE',
      inspections: [inspection({ id: 'b', findingsCount: 0, openFindingsCount: 0 }), inspection({ id: 'c', findingsCount: 1, openFindingsCount: 0 })],
    })
    expect(screen.getByText('À jour')).toBeTruthy()
    expect(screen.getByText('Aucune observation enregistrée')).toBeTruthy()
    expect(screen.getByText('1 observation, toutes levées')).toBeTruthy()
  })

  it('the actions follow the rights: record for who edits elevators, a finding for who creates orders', () => {
    const asset: Asset = { id: 'a', lastInspectionAt: null, inspectionBody: null, nextInspectionDueAt: '2030-01-20T12:00:00.000Z', inspectionDaysLeft: 1500, inspectionState: 'UP_TO_DATE', inspections: [inspection()] }
    const { unmount } = show(asset)
    expect(screen.getByText('Aucun contrôle enregistré')).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Enregistrer un contrôle' })).toBeNull()
    expect(screen.queryByRole('button', { name: /^Nouvelle observation/ })).toBeNull()
    unmount()
    show(asset, true, true)
    expect(screen.getByRole('button', { name: 'Enregistrer un contrôle' })).toBeTruthy()
    expect(screen.getByRole('button', { name: `Nouvelle observation du contrôle du ${formatDate('2021-01-20T12:00:00.000Z')}` })).toBeTruthy()
  })

  it('out of contract: the last inspection, no due date followed', () => {
    show({ id: 'a', lastInspectionAt: null, inspectionBody: null, nextInspectionDueAt: null, inspectionDaysLeft: null, inspectionState: null, inspections: [] })
    expect(screen.getByText('Hors contrat : l’échéance n’est pas suivie.')).toBeTruthy()
    expect(screen.queryByText('En retard')).toBeNull()
  })
})
