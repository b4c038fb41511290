// Who is calling, and what a read may see: computed once per request in the pipeline
// (http/register.ts) from the route's declared category, then handed to the service.
import type { PermissionRow, RoleName } from './permissions.ts'

/** The role that is never restricted by site assignments (and alone touches its peers). */
export const ADMIN_ROLE: RoleName = 'Administrateur'

export interface Principal {
  id: string
  email: string
  displayName: string
  isDemo: boolean
  role: { id: string; name: RoleName }
  /** Sites the user is assigned to (empty: no restriction). */
  siteIds: string[]
}

/** What the caller may see in the route's category. */
export interface Scope {
  userId: string
  /** false: only the caller's own records. */
  viewOther: boolean
  /** Non-null: only records under these top-level sites (and their zones). */
  siteIds: string[] | null
}

/**
 * A site assignment restricts its user whatever the role; an empty assignment means no
 * restriction, and an Administrateur is never restricted.
 */
export function siteRestriction(p: Principal): string[] | null {
  return p.role.name !== ADMIN_ROLE && p.siteIds.length > 0 ? p.siteIds : null
}

/** The scope of one category for a caller whose role row is `row` (view assumed granted). */
export function scopeOf(p: Principal, row: PermissionRow | undefined): Scope {
  return { userId: p.id, viewOther: row?.canViewOther ?? false, siteIds: siteRestriction(p) }
}

/** The scope of routes that declare no category: only the site restriction applies. */
export function sitesOnlyScope(p: Principal): Scope {
  return { userId: p.id, viewOther: true, siteIds: siteRestriction(p) }
}
