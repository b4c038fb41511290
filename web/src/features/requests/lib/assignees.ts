// Who may be put on the work order an approval creates. The API accepts active users whose
// role may edit work orders and who reach the asset's site (else 400 INVALID_ASSIGNEE). The
// client reads only its own permission matrix (getMe), never another role's: the roles below
// are the ones the default matrix lets work orders, listed in the order a dispatcher looks for
// them. An administrator who changes the matrix may make the list too wide or too narrow; the
// API stays the judge and its refusal is shown.
import type { Schemas } from '@/lib/api/client'

type User = Pick<Schemas['UserAdmin'], 'id' | 'displayName' | 'status' | 'role' | 'sites'>
type RoleName = Schemas['RoleRef']['name']

export const WORKING_ROLES: readonly RoleName[] = ['Technicien', 'Technicien limité', 'Dispatcher', 'Administrateur']

export interface AssigneeGroup {
  group: string
  items: { value: string; label: string }[]
}

/** Active people of the working roles who reach the site (no site assignment: every site),
 * grouped by role for the picker. `siteId` unknown (the asset could not be read): no site
 * filter, the API decides. */
export function assigneeGroups(users: readonly User[], siteId: string | null): AssigneeGroup[] {
  const groups: AssigneeGroup[] = []
  for (const role of WORKING_ROLES) {
    const items = users
      .filter((u) => u.status === 'active' && u.role.name === role)
      .filter((u) => siteId === null || u.sites.length === 0 || u.sites.some((s) => s.id === siteId))
      .sort((a, b) => a.displayName.localeCompare(b.displayName, 'fr'))
      .map((u) => ({ value: u.id, label: u.displayName }))
    if (items.length > 0) groups.push({ group: role === 'Technicien limité' ? 'Techniciens limités' : `${role}s`, items })
  }
  return groups
}
