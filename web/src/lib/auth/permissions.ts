// What the signed-in person may do, read from getMe's permission matrix (never from the role
// name): the navigation and every action button ask `can(category, action)`.
import type { Schemas } from '../api/client'

export type Me = Schemas['MeResponse']
export type Category = Schemas['PermissionEntry']['objectCategory']
export type Action = 'view' | 'viewOther' | 'create' | 'edit' | 'delete'

const FIELD: Record<Action, keyof Omit<Schemas['PermissionEntry'], 'objectCategory'>> = {
  view: 'canView', viewOther: 'canViewOther', create: 'canCreate', edit: 'canEdit', delete: 'canDelete',
}

export function can(me: Me | undefined, category: Category, action: Action = 'view'): boolean {
  const entry = me?.permissions.find((p) => p.objectCategory === category)
  return entry ? entry[FIELD[action]] : false
}
