// The permission vocabulary and the default matrix stored at first start. The store is the
// truth afterwards (an administrator may change rows); this is only the starting point.

import { CATEGORIES, type Category, type PermissionRow, type RoleName } from '../../http/permissions.ts'

export { ACTIONS, CATEGORIES, ROLE_NAMES, allows, type Action, type Category, type PermissionRow, type RoleName } from '../../http/permissions.ts'

// Letters: v view, o view other, c create, e edit, d delete.
type Letters = string
const GRID: Record<RoleName, Partial<Record<Category, Letters>>> = {
  Administrateur: Object.fromEntries(CATEGORIES.map((c) => [c, 'voced'])),
  'Vue seule': Object.fromEntries(CATEGORIES.map((c) => [c, 'vo'])),
  Gestionnaire: {
    WORK_ORDERS: 'vo', REQUESTS: 'vo', ASSETS: 'vo', LOCATIONS: 'vo', METERS: 'vo',
    PARTS: 'voced', PURCHASE_ORDERS: 'voced', PEOPLE_TEAMS: 'voced', ANALYTICS: 'voced', SETTINGS: 'vo',
  },
  Dispatcher: {
    WORK_ORDERS: 'voced', REQUESTS: 'voced', ASSETS: 'voce', LOCATIONS: 'voce', METERS: 'voce',
    PARTS: 'vo', PURCHASE_ORDERS: 'vo', PEOPLE_TEAMS: 'vo', ANALYTICS: 'vo', SETTINGS: 'vo',
  },
  Technicien: {
    WORK_ORDERS: 'voce', REQUESTS: 'vc', ASSETS: 'vo', LOCATIONS: 'vo', METERS: 'voc',
    PARTS: 'vo', PEOPLE_TEAMS: 'vo', SETTINGS: 'vo',
  },
  'Technicien limité': {
    WORK_ORDERS: 've', REQUESTS: 'vc', ASSETS: 'vo', LOCATIONS: 'vo', METERS: 'voc', PARTS: 'vo', SETTINGS: 'vo',
  },
  Demandeur: { REQUESTS: 'vc', ASSETS: 'vo', LOCATIONS: 'vo' },
}

export function defaultMatrix(role: RoleName): PermissionRow[] {
  return CATEGORIES.map((objectCategory) => {
    const l = GRID[role][objectCategory] ?? ''
    return {
      objectCategory,
      canView: l.includes('v'),
      canViewOther: l.includes('o'),
      canCreate: l.includes('c'),
      canEdit: l.includes('e'),
      canDelete: l.includes('d'),
    }
  })
}
