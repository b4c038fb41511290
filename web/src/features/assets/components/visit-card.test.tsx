import { MantineProvider } from '@mantine/core'
import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { formatDate } from '../lib/format'
import { VisitCard } from './visit-card'

const show = (asset: Parameters<typeof VisitCard>[0]['asset']) => render(<MantineProvider><VisitCard asset={asset} /></MantineProvider>)

describe('the six-week visit on the elevator page', () => {
  it('says an overdue elevator is late, by how many days, with its dates', () => {
    show({ underContract: true, lastVisitAt: '2026-01-24T10:00:00.000Z', nextVisitDueAt: '2026-03-07T10:00:00.000Z', visitDaysLeft: -8, visitState: 'OVERDUE' })
    expect(screen.getByText('En retard')).toBeTruthy()
    expect(screen.getByText('En retard de 8 jours')).toBeTruthy()
    expect(screen.getByText(formatDate('2026-01-24T10:00:00.000Z'))).toBeTruthy()
    expect(screen.getByText(formatDate('2026-03-07T10:00:00.000Z'))).toBeTruthy()
  })

  it('says « Bientôt dû » within seven days and « À jour » before', () => {
    show({ underContract: true, lastVisitAt: '2026-02-05T10:00:00.000Z', nextVisitDueAt: '2026-03-19T10:00:00.000Z', visitDaysLeft: 4, visitState: 'DUE_SOON' })
    expect(screen.getByText('Bientôt dû')).toBeTruthy()
    expect(screen.getByText('4 jours restants')).toBeTruthy()
  })

  it('an elevator never visited says so', () => {
    show({ underContract: true, lastVisitAt: null, nextVisitDueAt: '2026-03-17T10:00:00.000Z', visitDaysLeft: 32, visitState: 'UP_TO_DATE' })
    expect(screen.getByText('À jour')).toBeTruthy()
    expect(screen.getByText('Aucune visite enregistrée')).toBeTruthy()
  })

  it('out of contract: no state, no visit owed', () => {
    show({ underContract: false, lastVisitAt: null, nextVisitDueAt: null, visitDaysLeft: null, visitState: null })
    expect(screen.getByText('Hors contrat : aucune visite n’est due.')).toBeTruthy()
    expect(screen.queryByText('En retard')).toBeNull()
  })
})
