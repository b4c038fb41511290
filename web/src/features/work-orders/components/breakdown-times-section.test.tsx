import { MantineProvider } from '@mantine/core'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { fireEvent, render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { Schemas } from '@/lib/api/client'
import { BreakdownTimesSection } from './breakdown-times-section'

const abilities = { comment: true, editChecklist: true, editReport: true, assign: true, enterCosts: true, logTimeForOthers: true, manageDocuments: true, recordTimes: true, correctTimes: false }
const order = {
  id: 'wo', type: 'CORRECTIVE', status: 'IN_PROGRESS', personBlocked: true, abilities,
  callReceivedAt: '2026-11-20T09:00:00.000Z', arrivedAt: null, releasedAt: null, leftAt: null, arrivalDelayMinutes: null, releaseDelayMinutes: null,
} as unknown as Schemas['WorkOrderDetail']

function show(detail: Schemas['WorkOrderDetail']) {
  return render(
    <MantineProvider>
      <QueryClientProvider client={new QueryClient()}>
        <BreakdownTimesSection order={detail} />
      </QueryClientProvider>
    </MantineProvider>,
  )
}
const button = (name: string) => screen.queryByRole('button', { name }) as HTMLButtonElement | null

describe('the breakdown times', () => {
  it('offers the three taps on a trapped-person call, the departure waiting for the arrival', () => {
    show(order)
    expect(button('Arrivé sur place')?.disabled).toBe(false)
    expect(button('Personne libérée')?.disabled).toBe(false)
    expect(button('Départ')?.disabled).toBe(true)
  })

  it('shows the recorded times and the delays; no release button without a trapped person', () => {
    show({ ...order, personBlocked: false, arrivedAt: '2026-11-20T09:42:00.000Z', arrivalDelayMinutes: 42 })
    expect(button('Arrivé sur place')).toBeNull()
    expect(button('Personne libérée')).toBeNull()
    expect(button('Départ')?.disabled).toBe(false)
    expect(screen.getByText('Délai d’arrivée : 42 min')).toBeTruthy()
  })

  it('offers a correction to a dispatcher, and nothing to a reader', () => {
    const recorded = { ...order, arrivedAt: '2026-11-20T09:42:00.000Z', releasedAt: '2026-11-20T10:07:00.000Z', arrivalDelayMinutes: 42, releaseDelayMinutes: 67 }
    const { unmount } = show({ ...recorded, abilities: { ...abilities, correctTimes: true } })
    expect(button('Corriger : Arrivé sur place')).toBeTruthy()
    expect(screen.getByText('Délai de libération : 1 h 07')).toBeTruthy()
    unmount()
    show({ ...recorded, abilities: { ...abilities, recordTimes: false } })
    expect(screen.queryAllByRole('button')).toEqual([])
  })

  it('lets a dispatcher clear a time, the arrival only once no departure is recorded', async () => {
    const both = { ...order, personBlocked: false, arrivedAt: '2026-11-20T09:42:00.000Z', leftAt: '2026-11-20T10:30:00.000Z', abilities: { ...abilities, correctTimes: true } }
    const { unmount } = show(both)
    fireEvent.click(button('Corriger : Arrivé sur place')!)
    expect(await screen.findByText('Effacez d’abord le départ pour effacer l’arrivée.')).toBeTruthy()
    expect(button('Effacer cette heure (saisie par erreur)')).toBeNull()
    unmount()
    show(both)
    fireEvent.click(button('Corriger : Départ')!)
    expect(await screen.findByRole('button', { name: 'Effacer cette heure (saisie par erreur)' })).toBeTruthy()
  })

  it('lets a dispatcher enter a time nobody tapped on a closed order, with nothing to clear', async () => {
    show({ ...order, status: 'DONE', personBlocked: false, arrivedAt: '2026-11-20T09:42:00.000Z', abilities: { ...abilities, recordTimes: false, correctTimes: true } })
    fireEvent.click(button('Saisir : Départ')!)
    expect(await screen.findByRole('button', { name: 'Enregistrer la correction' })).toBeTruthy()
    expect(button('Effacer cette heure (saisie par erreur)')).toBeNull()
  })
})
