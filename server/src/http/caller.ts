// The caller as the pipeline hands it to handlers: who it is, and what its role's rows (loaded
// once per request, cached) let it do in any category. Services read the caller's own rights
// here, never from the store, so a right is decided from the same rows as the route's check.
import { allows, type Category, type PermissionRow, type Right } from './permissions.ts'
import { scopeOf, type Principal, type Scope } from './principal.ts'

export interface Caller {
  readonly principal: Principal
  /** The role's rows, one per category (getMe shows them; granting compares them). */
  readonly permissions: readonly PermissionRow[]
  /**
   * What the caller may see in `category`: its own records only without the view-other
   * right, and its sites. The view right itself is not checked here (see `readableScope`).
   */
  scope(category: Category): Scope
  /** Whether the role's row in `category` grants `right`. */
  may(category: Category, right: Right): boolean
}

export function callerOf(principal: Principal, rows: readonly PermissionRow[]): Caller {
  const row = (c: Category) => rows.find((r) => r.objectCategory === c)
  return {
    principal,
    permissions: rows,
    scope: (c) => scopeOf(principal, row(c)),
    may: (c, right) => allows(row(c), right),
  }
}

/** The scope in `category` when the caller may view it, else null: reads that span categories (search, assistant, documents). */
export function readableScope(caller: Caller, category: Category): Scope | null {
  return caller.may(category, 'view') ? caller.scope(category) : null
}

/**
 * Pay — an hourly rate, or an amount computed from one (a labour line, a sum of labour) — is
 * shown in full to those who may set rates (PEOPLE_TEAMS edit: Administrateur and Gestionnaire
 * by default). Everybody else sees only their own rate and their own labour lines; wherever a
 * field would show someone else's pay, it is null (the field stays).
 */
export function seesAllPay(caller: Caller): boolean {
  return caller.may('PEOPLE_TEAMS', 'edit')
}
