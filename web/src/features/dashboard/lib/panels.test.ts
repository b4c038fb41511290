import { describe, expect, it } from 'vitest'
import type { Action, Category } from '@/lib/auth/permissions'
import { panelsFor } from './panels'

// The default matrix (server/src/modules/access/access.matrix.ts): v view, o view other, c create, e edit, d delete.
const GRID: Record<string, Partial<Record<Category, string>>> = {
  Administrateur: Object.fromEntries(['WORK_ORDERS', 'REQUESTS', 'ASSETS', 'LOCATIONS', 'METERS', 'PARTS', 'PURCHASE_ORDERS', 'PEOPLE_TEAMS', 'ANALYTICS', 'SETTINGS'].map((c) => [c, 'voced'])),
  'Vue seule': Object.fromEntries(['WORK_ORDERS', 'REQUESTS', 'ASSETS', 'LOCATIONS', 'METERS', 'PARTS', 'PURCHASE_ORDERS', 'PEOPLE_TEAMS', 'ANALYTICS', 'SETTINGS'].map((c) => [c, 'vo'])),
  Gestionnaire: { WORK_ORDERS: 'vo', REQUESTS: 'vo', ASSETS: 'vo', LOCATIONS: 'vo', METERS: 'vo', PARTS: 'voced', PURCHASE_ORDERS: 'voced', PEOPLE_TEAMS: 'voced', ANALYTICS: 'voced', SETTINGS: 'vo' },
  Dispatcher: { WORK_ORDERS: 'voced', REQUESTS: 'voced', ASSETS: 'voce', LOCATIONS: 'voce', METERS: 'voce', PARTS: 'vo', PURCHASE_ORDERS: 'vo', PEOPLE_TEAMS: 'vo', ANALYTICS: 'vo', SETTINGS: 'vo' },
  Technicien: { WORK_ORDERS: 'voce', REQUESTS: 'vc', ASSETS: 'vo', LOCATIONS: 'vo', METERS: 'voc', PARTS: 'vo', PEOPLE_TEAMS: 'vo', SETTINGS: 'vo' },
  'Technicien limité': { WORK_ORDERS: 've', REQUESTS: 'vc', ASSETS: 'vo', LOCATIONS: 'vo', METERS: 'voc', PARTS: 'vo', SETTINGS: 'vo' },
  Demandeur: { REQUESTS: 'vc', ASSETS: 'vo', LOCATIONS: 'vo' },
}
const LETTER: Record<Action, string> = { view: 'v', viewOther: 'o', create: 'c', edit: 'e', delete: 'd' }
const canOf = (role: string) => (c: Category, a: Action = 'view') => (GRID[role][c] ?? '').includes(LETTER[a])

describe('dashboard per role, from the matrix', () => {
  it.each([
    ['Dispatcher', ['indicators', 'triage', 'visits']],
    ['Administrateur', ['indicators', 'triage', 'visits']],
    ['Gestionnaire', ['indicators']],
    ['Vue seule', ['indicators']],
    ['Technicien', ['myWork']],
    ['Technicien limité', ['myWork']],
    ['Demandeur', ['myRequests']],
  ])('%s sees %j', (role, panels) => {
    expect(panelsFor(canOf(role))).toEqual(panels)
  })

  it('follows a changed matrix, not the role name: a Gestionnaire given request editing triages', () => {
    const can = (c: Category, a: Action = 'view') => canOf('Gestionnaire')(c, a) || (c === 'REQUESTS' && a === 'edit')
    expect(panelsFor(can)).toEqual(['indicators', 'triage', 'visits'])
  })

  it('someone who may see nothing of the kind gets no panel', () => {
    expect(panelsFor(() => false)).toEqual([])
  })
})
