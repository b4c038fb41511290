// The permission vocabulary every route declares against: ten object categories, four
// actions, and the stored row of one role for one category. The default grid of each role
// lives in modules/access (data), this file only names things (http needs no module).
export const ROLE_NAMES = ['Administrateur', 'Dispatcher', 'Technicien', 'Technicien limité', 'Gestionnaire', 'Demandeur', 'Vue seule'] as const
export type RoleName = (typeof ROLE_NAMES)[number]

export const CATEGORIES = ['WORK_ORDERS', 'REQUESTS', 'ASSETS', 'LOCATIONS', 'METERS', 'PARTS', 'PURCHASE_ORDERS', 'PEOPLE_TEAMS', 'ANALYTICS', 'SETTINGS'] as const
export type Category = (typeof CATEGORIES)[number]

export const ACTIONS = ['view', 'create', 'edit', 'delete'] as const
export type Action = (typeof ACTIONS)[number]
/** What a row grants: the four actions routes declare, and seeing others' records (the scope). */
export type Right = Action | 'viewOther'

export interface PermissionRow {
  objectCategory: Category
  canView: boolean
  canViewOther: boolean
  canCreate: boolean
  canEdit: boolean
  canDelete: boolean
}

export function allows(row: PermissionRow | undefined, right: Right): boolean {
  if (!row) return false
  switch (right) {
    case 'view': return row.canView
    case 'viewOther': return row.canViewOther
    case 'create': return row.canCreate
    case 'edit': return row.canEdit
    case 'delete': return row.canDelete
  }
}
