import { MantineProvider } from '@mantine/core'
import { fireEvent, render, screen } from '@testing-library/react'
import { MemoryRouter } from 'react-router'
import { describe, expect, it } from 'vitest'
import { DueCard, type DueItem } from './due-card'

const item = (n: number, daysLeft: number): DueItem => ({
  id: `00000000-0000-0000-0000-${String(n).padStart(12, '0')}`, reference: `ASC-${n}`, siteName: 'Résidence des Tilleuls',
  lastAt: n === 1 ? null : '2026-01-24T10:00:00.000Z', nextDueAt: '2026-03-07T10:00:00.000Z', daysLeft,
})

const show = (items: DueItem[], count: number) => render(
  <MantineProvider><MemoryRouter>
    <DueCard title="Visites en retard (plus de six semaines)" late items={items} count={count} empty="Rien en retard."
      wording={{ last: 'Dernière visite le', never: 'Jamais visité' }} />
  </MemoryRouter></MantineProvider>,
)

describe('a dashboard card of legal deadlines', () => {
  it('lists each late elevator, opening its page, with the days late', () => {
    show([item(1, -12), item(2, -8)], 2)
    expect(screen.getByRole('link', { name: 'ASC-1' }).getAttribute('href')).toBe('/equipements/00000000-0000-0000-0000-000000000001')
    expect(screen.getByText('En retard de 12 jours')).toBeTruthy()
    expect(screen.getByText('En retard de 8 jours')).toBeTruthy()
    expect(screen.getByText(/Jamais visité/)).toBeTruthy()
    expect(screen.getByText(/Dernière visite le/)).toBeTruthy()
  })

  it('shows the first eight, unfolds the others listed, and says how many are counted beyond', () => {
    show(Array.from({ length: 100 }, (_, i) => item(i + 1, -1)), 130)
    expect(screen.getAllByRole('link')).toHaveLength(8)
    expect(screen.getByText('130')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Voir les 92 autres' }))
    expect(screen.getAllByRole('link')).toHaveLength(100)
    expect(screen.getByText('Les 100 plus urgents sont listés, sur 130.')).toBeTruthy()
  })

  it('says when nothing is late', () => {
    show([], 0)
    expect(screen.getByText('Rien en retard.')).toBeTruthy()
  })
})
