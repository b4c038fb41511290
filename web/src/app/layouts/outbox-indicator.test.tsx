import { MantineProvider } from '@mantine/core'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act, fireEvent, render, screen, within } from '@testing-library/react'
import { MemoryRouter } from 'react-router'
import { afterEach, describe, expect, it } from 'vitest'
import { outbox, type QueuedWrite } from '@/lib/api/outbox'
import { queryKeys } from '@/lib/api/query-keys'
import { OutboxIndicator } from './outbox-indicator'

const write = (id: string, label: string, extra: Partial<QueuedWrite> = {}): QueuedWrite => ({
  id, method: 'post', path: '/work-orders/{id}/comments', init: {}, label, group: 'wo-1', state: 'pending', at: 0, ...extra,
})

function show() {
  const queryClient = new QueryClient()
  queryClient.setQueryData(queryKeys.workOrders.detail('wo-1'), { reference: 'OT-000572', asset: { reference: 'ASC-012' } })
  return render(
    <MantineProvider>
      <QueryClientProvider client={queryClient}>
        <MemoryRouter><OutboxIndicator /></MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  )
}

afterEach(() => { for (const w of outbox.list()) outbox.dismiss(w.id) })

describe('the changes waiting on the phone, in the header', () => {
  it('is absent while nothing waits', () => {
    show()
    expect(screen.queryByRole('button')).toBeNull()
  })

  it('counts what waits and lists it, order by order, with a refusal’s reason and the text kept', async () => {
    show()
    act(() => {
      outbox.add(write('a', 'Arrivé sur place'))
      outbox.add(write('b', 'Temps passé : 45 min'))
    })
    expect(screen.getByRole('button', { name: '2 modifications en attente d’envoi' }).textContent).toContain('2 en attente')

    act(() => outbox.add(write('c', 'Commentaire', { state: 'refused', message: 'Cet ordre de travail est terminé ou annulé.', text: 'Galet remplacé.' })))
    fireEvent.click(screen.getByRole('button', { name: '2 modifications en attente d’envoi, 1 refusée' }))
    const drawer = await screen.findByRole('dialog', { name: 'Modifications gardées sur le téléphone' })
    expect(within(drawer).getByRole('link', { name: 'OT-000572 — ASC-012' })).toBeTruthy()
    expect(within(drawer).getByText('Temps passé : 45 min')).toBeTruthy()
    const refused = within(drawer).getByRole('alert')
    expect(refused.textContent).toContain('Refusé : Commentaire')
    expect(refused.textContent).toContain('Cet ordre de travail est terminé ou annulé.')
    expect(refused.textContent).toContain('Votre texte, gardé : « Galet remplacé. »')

    fireEvent.click(within(refused).getByRole('button', { name: 'J’ai compris' }))
    expect(within(drawer).queryByRole('alert')).toBeNull()
    expect(outbox.list().map((w) => w.id)).toEqual(['a', 'b'])
  })
})
