import { describe, expect, it } from 'vitest'
import type { Action, Category } from '@/lib/auth/permissions'
import { requestAbilities } from './abilities'

const rights = (...granted: string[]) => (c: Category, a: Action = 'view') => granted.includes(`${c}:${a}`)
const handleable = { abilities: { approve: true, reject: true }, workOrder: null }
const approved = { abilities: { approve: false, reject: false }, workOrder: { id: 'w', reference: 'OT-000001', status: 'OPEN' as const } }

describe('request actions', () => {
  it('offers approving and rejecting as the API says, whatever the client knows of the role', () => {
    expect(requestAbilities(handleable, rights())).toEqual({ approve: true, reject: true, openWorkOrder: false })
    expect(requestAbilities({ ...handleable, abilities: { approve: false, reject: true } }, rights('REQUESTS:edit', 'WORK_ORDERS:create')))
      .toMatchObject({ approve: false, reject: true })
  })

  it('links the order to those who may see orders', () => {
    expect(requestAbilities(approved, rights('REQUESTS:view', 'WORK_ORDERS:view'))).toEqual({ approve: false, reject: false, openWorkOrder: true })
    expect(requestAbilities(approved, rights('REQUESTS:view'))).toEqual({ approve: false, reject: false, openWorkOrder: false })
  })
})
