import { MantineProvider } from '@mantine/core'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { Schemas } from '@/lib/api/client'
import { abilitiesOf } from '../lib/abilities'
import { blockersHeading, StatusActions } from './status-actions'

const order = {
  id: 'wo', status: 'IN_PROGRESS', personBlocked: false, releasedAt: null,
  allowedTransitions: ['ON_HOLD', 'DONE', 'CANCELLED'],
  abilities: { comment: true, editChecklist: true, editReport: true, assign: true, enterCosts: true, logTimeForOthers: true, manageDocuments: true },
  closureBlockers: ['La cause du rapport d’intervention n’est pas renseignée.', '2 tâches de la liste de contrôle restent à faire.'],
} as unknown as Schemas['WorkOrderDetail']

/** The order as the API sends it to a caller who may edit orders, or to one who may not (no moves). */
function show(detail: Schemas['WorkOrderDetail'], edit: boolean) {
  const may = abilitiesOf(edit ? detail : { ...detail, allowedTransitions: [] }, (c, a) => c === 'WORK_ORDERS' && a === 'view')
  return render(
    <MantineProvider>
      <QueryClientProvider client={new QueryClient()}>
        <StatusActions order={detail} moves={may.moves} blockers={may.closureBlockers} phone />
      </QueryClientProvider>
    </MantineProvider>,
  )
}

describe('the status actions', () => {
  it('lists what blocks closing above a disabled Terminer, the other moves still offered', () => {
    show(order, true)
    // The heading counts exactly the items listed under it.
    expect(screen.getByText('2 points empêchent de terminer l’ordre :')).toBeTruthy()
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual(order.closureBlockers)
    expect((screen.getByRole('button', { name: 'Terminer' }) as HTMLButtonElement).disabled).toBe(true)
    expect((screen.getByRole('button', { name: 'Mettre en attente' }) as HTMLButtonElement).disabled).toBe(false)
    expect(screen.getByRole('button', { name: 'Annuler l’ordre' })).toBeTruthy()
  })

  it('lets Terminer be pressed once nothing blocks it', () => {
    show({ ...order, closureBlockers: [] }, true)
    expect(screen.queryByText(/empêchen?t de terminer/)).toBeNull()
    expect((screen.getByRole('button', { name: 'Terminer' }) as HTMLButtonElement).disabled).toBe(false)
  })

  it('shows nothing to a caller who may not edit orders', () => {
    show(order, false)
    expect(screen.queryAllByRole('button')).toEqual([])
    expect(screen.queryByText(/empêchen?t de terminer/)).toBeNull()
  })

  it('says one point in the singular, as the list shows one item', () => {
    show({ ...order, closureBlockers: ['La cause du rapport d’intervention n’est pas renseignée.'] }, true)
    expect(screen.getByText('Un point empêche de terminer l’ordre :')).toBeTruthy()
    expect(screen.getAllByRole('listitem')).toHaveLength(1)
    expect(blockersHeading(3)).toBe('3 points empêchent de terminer l’ordre :')
  })
})
