import { describe, expect, it } from 'vitest'
import { can, type Me } from './permissions'

const me = {
  id: '0190', email: 'a@b.fr', displayName: 'A', isDemo: true,
  role: { id: 'r', name: 'Vue seule' },
  permissions: [{ objectCategory: 'WORK_ORDERS', canView: true, canViewOther: true, canCreate: false, canEdit: false, canDelete: false }],
} as unknown as Me

describe('can', () => {
  it('allows what the matrix grants and nothing else', () => {
    expect(can(me, 'WORK_ORDERS', 'view')).toBe(true)
    expect(can(me, 'WORK_ORDERS', 'create')).toBe(false)
    expect(can(me, 'ASSETS', 'view')).toBe(false)
    expect(can(undefined, 'WORK_ORDERS')).toBe(false)
  })
})
