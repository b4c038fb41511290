import { MantineProvider } from '@mantine/core'
import { render, screen } from '@testing-library/react'
import { MemoryRouter } from 'react-router'
import { describe, expect, it } from 'vitest'
import type { Schemas } from '@/lib/api/client'
import { VisitsCard } from './visits-panel'

const visit = (n: number, daysLeft: number): Schemas['VisitDue'] => ({
  id: `00000000-0000-0000-0000-${String(n).padStart(12, '0')}`, reference: `ASC-${n}`, siteName: 'Résidence des Tilleuls',
  lastVisitAt: n === 1 ? null : '2026-01-24T10:00:00.000Z', nextVisitDueAt: '2026-03-07T10:00:00.000Z', visitDaysLeft: daysLeft,
})

const show = (visits: Schemas['VisitDue'][], count: number) => render(
  <MantineProvider><MemoryRouter>
    <VisitsCard title="Visites en retard (plus de six semaines)" late visits={visits} count={count} empty="Rien en retard." />
  </MemoryRouter></MantineProvider>,
)

describe('the dashboard’s six-week visits', () => {
  it('lists each late elevator, opening its page, with the days late', () => {
    show([visit(1, -12), visit(2, -8)], 2)
    expect(screen.getByRole('link', { name: 'ASC-1' }).getAttribute('href')).toBe('/equipements/00000000-0000-0000-0000-000000000001')
    expect(screen.getByText('En retard de 12 jours')).toBeTruthy()
    expect(screen.getByText('En retard de 8 jours')).toBeTruthy()
    expect(screen.getByText(/Jamais visité/)).toBeTruthy()
  })

  it('shows the first eight and says how many more the count holds', () => {
    show(Array.from({ length: 10 }, (_, i) => visit(i + 1, -1)), 130)
    expect(screen.getAllByRole('link')).toHaveLength(8)
    expect(screen.getByText('130')).toBeTruthy()
    expect(screen.getByText('Et 122 autres.')).toBeTruthy()
  })

  it('says when nothing is late', () => {
    show([], 0)
    expect(screen.getByText('Rien en retard.')).toBeTruthy()
  })
})
