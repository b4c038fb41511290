import { describe, expect, it } from 'vitest'
import type { Schemas } from '@/lib/api/client'
import { assignedArrivals, triageArrivals } from './arrivals'

type Order = Schemas['WorkOrder']
const order = (id: string, o: Partial<Order> = {}) => ({
  id, personBlocked: false, releasedAt: null, origin: 'MANUAL', assignees: [], status: 'OPEN', ...o,
}) as Order
const request = (id: string, personBlocked: boolean) => ({ id, personBlocked }) as Schemas['RequestSummary']
const karim = { id: 'karim', displayName: 'Karim Benali' }

describe('what the dashboard announces', () => {
  it('on the desk: trapped-person requests, and trapped orders not made from a request, still trapped', () => {
    const got = triageArrivals([request('r1', true), request('r2', false)], [
      order('o1', { personBlocked: true }),
      order('o2', { personBlocked: true, origin: 'REQUEST' }),
      order('o3', { personBlocked: true, releasedAt: '2026-11-28T08:00:00.000Z' }),
      order('o4'),
    ])
    expect(got).toEqual([
      { id: 'r1', label: 'Personne bloquée', urgent: true },
      { id: 'o1', label: 'Personne bloquée', urgent: true },
    ])
  })

  it('for a technician: the orders assigned to him, a trapped person named as such', () => {
    const got = assignedArrivals([order('a', { assignees: [karim] }), order('b', { assignees: [karim], personBlocked: true }), order('c')], 'karim')
    expect(got).toEqual([
      { id: 'a', label: 'Nouvel ordre affecté' },
      { id: 'b', label: 'Personne bloquée', urgent: true },
    ])
  })
})
