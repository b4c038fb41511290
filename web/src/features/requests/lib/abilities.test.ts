import { describe, expect, it } from 'vitest'
import type { Action, Category } from '@/lib/auth/permissions'
import { requestAbilities } from './abilities'

const rights = (...granted: string[]) => (c: Category, a: Action = 'view') => granted.includes(`${c}:${a}`)
const pending = { status: 'PENDING' as const, workOrder: null }
const approved = { status: 'APPROVED' as const, workOrder: { id: 'w', reference: 'OT-000001', status: 'OPEN' as const } }

describe('request actions', () => {
  it('a dispatcher (requests edit, orders create) may approve and reject a pending request', () => {
    const can = rights('REQUESTS:view', 'REQUESTS:edit', 'WORK_ORDERS:view', 'WORK_ORDERS:create')
    expect(requestAbilities(pending, can)).toEqual({ approve: true, reject: true, openWorkOrder: false })
  })

  it('editing requests without creating orders allows rejecting only', () => {
    expect(requestAbilities(pending, rights('REQUESTS:edit'))).toMatchObject({ approve: false, reject: true })
  })

  it('a viewer is offered nothing but the link to the order it may see', () => {
    const can = rights('REQUESTS:view', 'WORK_ORDERS:view')
    expect(requestAbilities(pending, can)).toEqual({ approve: false, reject: false, openWorkOrder: false })
    expect(requestAbilities(approved, can)).toEqual({ approve: false, reject: false, openWorkOrder: true })
  })

  it('a handled request cannot be handled again; no order link without the right to see orders', () => {
    const can = rights('REQUESTS:edit', 'WORK_ORDERS:create')
    expect(requestAbilities(approved, can)).toEqual({ approve: false, reject: false, openWorkOrder: false })
  })
})
