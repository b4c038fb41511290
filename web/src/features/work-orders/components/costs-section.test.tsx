import { MantineProvider } from '@mantine/core'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render, screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { Schemas } from '@/lib/api/client'
import { CostsSection } from './costs-section'

const person = (id: string, displayName: string) => ({ id, displayName })
const line = (id: string, who: { id: string; displayName: string }, minutes: number, rate: number | null, total: number | null) => ({
  id, person: who, workedOn: '2026-11-23', minutes, hourlyRateCents: rate, totalCents: total, createdBy: who, createdAt: '2026-11-23T10:00:00Z',
})
const karim = person('k', 'Karim Benali')
const julie = person('j', 'Julie Martin')

function show(costs: Schemas['WorkOrderCosts']) {
  return render(
    <MantineProvider>
      <QueryClientProvider client={new QueryClient()}>
        <CostsSection costs={costs} orderId="wo" assignees={[]} editable={false} forOthers={false} />
      </QueryClientProvider>
    </MantineProvider>,
  )
}
const text = () => screen.getByRole('region', { name: 'Coûts' }).textContent!.replace(/\s/g, ' ')

describe('the costs of an order', () => {
  it('shows every rate and amount to those the API shows them to', () => {
    show({ parts: [], labor: [line('1', karim, 60, 5200, 5200), line('2', julie, 90, 3800, 5700)], partsCents: 0, laborCents: 10900, totalCents: 10900 })
    expect(text()).toMatch(/1 h à 52,00 € \/ h/)
    expect(text()).toMatch(/1 h 30 à 38,00 € \/ h/)
    expect(text()).toMatch(/Total109,00 €/)
  })

  it('shows « — » where the API withholds someone else’s pay, the time still shown', () => {
    show({ parts: [], labor: [line('1', karim, 60, 5200, 5200), line('2', julie, 90, null, null)], partsCents: 0, laborCents: null, totalCents: null })
    const region = screen.getByRole('region', { name: 'Coûts' })
    expect(text()).toMatch(/1 h à 52,00 € \/ h/)
    expect(within(region).getByText('1 h 30')).toBeTruthy()
    expect(text()).not.toMatch(/38,00|57,00|109,00/)
    expect(text()).toMatch(/Main-d’œuvre—/)
    expect(text()).toMatch(/Total—/)
  })
})
