import { render, screen, within } from '@testing-library/react'
import dayjs from 'dayjs'
import 'dayjs/locale/fr'
import { describe, expect, it } from 'vitest'
import type { Logbook } from '../lib/logbook-text'
import { InspectionsSection, PeriodicOperationsSection } from './compliance-sections'

dayjs.locale('fr')

const finding = (over: Partial<Logbook['inspections'][number]['findings'][number]>) => ({
  workOrderId: over.reference ?? 'x', reference: 'OT-1', description: 'Éclairage de la cuvette', status: 'OPEN' as const, completedAt: null, action: null, ...over,
})
const logbook = (over: Partial<Logbook>): Logbook => ({
  from: '2025-01-01', to: '2025-12-31', entries: [], periodicOperations: [], inspections: [],
  summary: { inspection: { lastInspectionAt: '2020-06-01T09:00:00.000Z', body: 'Apave', nextDueAt: '2025-06-01T09:00:00.000Z', state: 'OVERDUE' } },
  ...over,
} as unknown as Logbook)

describe('the carnet’s periodic operations and inspections', () => {
  it('lists each operation done with its date, grid and periodicity', () => {
    render(<PeriodicOperationsSection logbook={logbook({ periodicOperations: [
      { taskTemplateId: 't', label: 'Parachute', periodicityMonths: 12, doneAt: '2025-07-10T09:00:00.000Z', workOrderId: 'w', reference: 'OT-000440' },
    ] })} />)
    expect(screen.getByRole('heading', { name: 'Opérations périodiques (1)' })).toBeTruthy()
    const item = screen.getByRole('listitem')
    expect(item.textContent).toContain('10/07/2025')
    expect(item.textContent).toContain('OT-000440')
    expect(item.textContent).toContain('Périodicité annuelle')
  })

  it('says when no operation was done', () => {
    render(<PeriodicOperationsSection logbook={logbook({})} />)
    expect(screen.getByText('Aucune opération périodique faite sur la période.')).toBeTruthy()
  })

  it('gives the state at the period’s end and how each finding stands; an earlier inspection is marked so', () => {
    render(<InspectionsSection logbook={logbook({ inspections: [{
      id: 'i', inspectedAt: '2020-06-01T09:00:00.000Z', body: 'Apave', reportDocumentName: 'rapport.pdf', notes: null,
      findings: [
        finding({ reference: 'OT-1', status: 'DONE', completedAt: '2025-08-01T10:00:00.000Z', action: 'Remplacement' }),
        finding({ reference: 'OT-2' }),
      ],
    }] })} />)
    expect(screen.getByText(/dernier contrôle le 01\/06\/2020 \(Apave\), prochain avant le 01\/06\/2025 — en retard\./)).toBeTruthy()
    expect(screen.getByText('antérieur à la période, observations suivies')).toBeTruthy()
    expect(screen.getByText('Rapport : rapport.pdf')).toBeTruthy()
    const findings = screen.getAllByRole('listitem').filter((li) => li.hasAttribute('data-finding'))
    expect(within(findings[0]!).getByText('levée le 01/08/2025 (Remplacement)')).toBeTruthy()
    expect(within(findings[1]!).getByText('non levée à ce jour')).toBeTruthy()
  })
})
