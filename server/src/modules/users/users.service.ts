import { uuidv7 } from 'uuidv7'
import type { Platform } from '../module.ts'
import { AppError, badRequest, conflict, isUniqueViolation, notFound } from '../../http/errors.ts'
import type { Static } from '../../http/schema-kit.ts'
import type { Db } from '../../platform/db.ts'
import { hashSecret, newSecret } from '../../platform/secrets.ts'
import { rightsInclude } from '../access/access.matrix.ts'
import { listRoles, roleById, roleByName } from '../access/access.queries.ts'
import { seesAllPay, type Caller } from '../../http/caller.ts'
import type { Scope } from '../../http/principal.ts'
import { revokeTokensIssuedBy } from '../auth/tokens.ts'
import * as q from './users.queries.ts'
import type { InvitationCreate, UserUpdate } from './users.schemas.ts'

type UsersDeps = Pick<Platform, 'database' | 'clock' | 'config' | 'mailer' | 'access'>

export const INVITATION_DAYS = 7
const ADMIN = 'Administrateur'

/** "Jeanne-Marie Dupont" → "JD": what a badge shows when there is no photo. */
export function initialsOf(displayName: string): string {
  const words = displayName.trim().split(/[\s-]+/).filter((w) => /\p{L}|\d/u.test(w))
  const letters = words.map((w) => [...w.replace(/[^\p{L}\d]/gu, '')][0] ?? '').filter(Boolean)
  const picked = letters.length > 2 ? [letters[0], letters[letters.length - 1]] : letters
  return (picked.join('') || '?').toUpperCase().slice(0, 3)
}

export class UsersService {
  readonly #deps: UsersDeps
  constructor(deps: UsersDeps) { this.#deps = deps }

  get #db() { return this.#deps.database.db }

  /** Without view-other, a caller sees only itself. */
  async list(caller: Caller, scope: Scope) {
    const rows = await q.listUsers(this.#db, scope)
    return { users: this.#withRatesFor(caller, rows) }
  }

  // Pay is seen by those who may set it and by each person for themselves (`seesAllPay`);
  // everybody else gets null in the field.
  #withRatesFor(caller: Caller, rows: q.UserAdminRow[]): q.UserAdminRow[] {
    if (seesAllPay(caller)) return rows
    return rows.map((u) => (u.id === caller.principal.id ? u : { ...u, hourlyRateCents: null }))
  }

  async #userFor(caller: Caller, id: string) {
    const [row] = this.#withRatesFor(caller, [await q.userAdmin(this.#db, id)])
    return row
  }

  async roles() {
    return { roles: await listRoles(this.#db) }
  }

  /** The user as the caller may see it, or 404 (missing and out of scope look the same). */
  async #visible(scope: Scope, id: string) {
    if (!scope.viewOther && id !== scope.userId) throw notFound('Utilisateur introuvable.')
    const u = await q.userCore(this.#db, id)
    if (!u) throw notFound('Utilisateur introuvable.')
    return u
  }

  // Only an administrator hands out, or takes over, administrator rights.
  #guardAdminRights(caller: Caller, ...roleNames: (string | undefined)[]) {
    if (caller.principal.role.name !== ADMIN && roleNames.includes(ADMIN)) {
      throw new AppError('ADMIN_ONLY')
    }
  }

  // A caller hands out only rights it holds itself (its role's rows as the pipeline loaded
  // them, the target role's read from the store, so edited rows count): otherwise a
  // Gestionnaire could invite an address it controls as a Dispatcher.
  async #guardGrant(caller: Caller, role: { id: string; name: string }) {
    if (role.id === caller.principal.role.id) return
    if (!rightsInclude(caller.permissions, await this.#deps.access.permissions(role.id))) {
      throw new AppError('ROLE_NOT_GRANTABLE', `Vous ne pouvez pas attribuer le rôle ${role.name} : il donne des droits que votre rôle n'a pas.`)
    }
  }

  async #checkReferences(db: Db, roleName: string, teamIds?: string[], siteIds?: string[]) {
    if (teamIds?.length) {
      const found = new Set(await q.existingTeamIds(db, teamIds))
      const missing = teamIds.find((id) => !found.has(id))
      if (missing) throw badRequest('UNKNOWN_TEAM', `Équipe inconnue : ${missing}.`, [{ field: 'teamIds', message: 'équipe inconnue' }])
    }
    if (siteIds?.length) {
      const rows = new Map((await q.locationsByIds(db, siteIds)).map((r) => [r.id, r]))
      for (const id of siteIds) {
        const loc = rows.get(id)
        if (!loc) throw badRequest('UNKNOWN_SITE', `Site inconnu : ${id}.`, [{ field: 'siteIds', message: 'site inconnu' }])
        if (loc.parentId !== null) {
          const who = roleName === 'Demandeur' ? 'Un demandeur' : 'Un utilisateur'
          throw badRequest('SITE_NOT_TOP_LEVEL', `${who} est rattaché à des sites, pas à des zones.`, [{ field: 'siteIds', message: 'zone au lieu de site' }])
        }
      }
    }
  }

  async #issueLink(db: Db, userId: string) {
    const token = newSecret()
    const now = this.#deps.clock.now()
    const expiresAt = new Date(now.getTime() + INVITATION_DAYS * 86_400_000)
    await q.revokeInvitations(db, userId, now)
    await q.insertInvitation(db, { id: uuidv7(), userId, tokenHash: hashSecret(token), expiresAt, createdAt: now })
    return { activationUrl: `${this.#deps.config.publicUrl}/activate?token=${token}`, expiresAt }
  }

  async #deliver(email: string, displayName: string, link: { activationUrl: string; expiresAt: Date }, reset = false) {
    const { mailer } = this.#deps
    if (!mailer.enabled) return false
    const until = `valable jusqu’au ${link.expiresAt.toISOString().slice(0, 10)} et utilisable une seule fois`
    try {
      await mailer.send({
        to: email,
        subject: reset ? 'Réinitialisation de votre mot de passe Palier' : 'Votre accès à Palier',
        text: reset
          ? `Bonjour ${displayName},\n\nVotre administrateur a réinitialisé votre mot de passe Palier : l’ancien ne fonctionne plus. Choisissez-en un nouveau avec ce lien, ${until} :\n\n${link.activationUrl}\n`
          : `Bonjour ${displayName},\n\nUn compte Palier vous attend. Choisissez votre mot de passe avec ce lien, ${until} :\n\n${link.activationUrl}\n`,
      })
      return true
    } catch {
      // The link is still returned to the administrator, who can pass it on another way.
      return false
    }
  }

  async invite(caller: Caller, input: Static<typeof InvitationCreate>) {
    const role = await roleById(this.#db, input.roleId)
    if (!role) throw badRequest('UNKNOWN_ROLE', undefined, [{ field: 'roleId', message: 'rôle inconnu' }])
    this.#guardAdminRights(caller, role.name)
    await this.#guardGrant(caller, role)
    const id = uuidv7()
    const link = await this.#deps.database.db.transaction(async (tx) => {
      await this.#checkReferences(tx, role.name, input.teamIds, input.siteIds)
      await q.insertUser(tx, {
        id, email: input.email.trim(), displayName: input.displayName.trim(), initials: initialsOf(input.displayName),
        phone: input.phone ?? null, roleId: role.id, hourlyRateCents: input.hourlyRateCents ?? null,
        invitedBy: caller.principal.id, createdAt: this.#deps.clock.now(),
      })
      if (input.teamIds?.length) await q.replaceTeams(tx, id, input.teamIds)
      if (input.siteIds?.length) await q.replaceSites(tx, id, input.siteIds)
      return this.#issueLink(tx, id)
    }).catch((err) => {
      if (isUniqueViolation(err, 'users_email_lower_key')) throw conflict('EMAIL_TAKEN')
      throw err
    })
    const emailSent = await this.#deliver(input.email, input.displayName, link)
    return { user: await this.#userFor(caller, id), ...link, emailSent }
  }

  async resendInvitation(caller: Caller, scope: Scope, id: string) {
    const u = await this.#visible(scope, id)
    this.#guardAdminRights(caller, u.roleName)
    // The new link is returned to the caller: resending is granting the account's role.
    await this.#guardGrant(caller, { id: u.roleId, name: u.roleName })
    if (u.activatedAt) throw conflict('ALREADY_ACTIVATED')
    if (u.disabledAt) throw conflict('ACCOUNT_DISABLED')
    const link = await this.#deps.database.db.transaction((tx) => this.#issueLink(tx, id))
    const emailSent = await this.#deliver(u.email, u.displayName, link)
    return { user: await this.#userFor(caller, id), ...link, emailSent }
  }

  async update(caller: Caller, scope: Scope, id: string, input: Static<typeof UserUpdate>) {
    const u = await this.#visible(scope, id)
    const newRole = input.roleId ? await roleById(this.#db, input.roleId) : undefined
    if (input.roleId && !newRole) throw badRequest('UNKNOWN_ROLE', undefined, [{ field: 'roleId', message: 'rôle inconnu' }])
    // Sending one's current role is a no-op; only a different one is a change.
    const changesRole = newRole !== undefined && newRole.id !== u.roleId
    if (changesRole && id === caller.principal.id) throw new AppError('OWN_ROLE')
    this.#guardAdminRights(caller, u.roleName, newRole?.name)
    if (changesRole) await this.#guardGrant(caller, newRole)
    const roleName = newRole?.name ?? u.roleName
    if (id === caller.principal.id && input.isActive === false && !u.disabledAt) {
      throw conflict('SELF_LOCKOUT')
    }
    const reset = input.resetPassword === true
    if (reset) {
      // The new link is returned to the caller: resetting is granting the account's role.
      await this.#guardGrant(caller, { id: u.roleId, name: u.roleName })
      if (id === caller.principal.id) throw conflict('SELF_LOCKOUT', 'Vous ne pouvez pas réinitialiser votre propre mot de passe : demandez-le à un autre administrateur.')
      if (u.disabledAt || input.isActive === false) throw conflict('ACCOUNT_DISABLED', 'Ce compte est désactivé : réactivez-le avant de réinitialiser son mot de passe.')
    }
    const link = await this.#deps.database.db.transaction(async (tx) => {
      if (input.isActive === false || (changesRole && roleName !== ADMIN) || reset) await this.#keepOneAdministrator(tx, id)
      // Site rules depend on the final role: check the stored sites when only the role changes.
      const siteIds = input.siteIds ?? (changesRole ? await q.siteIdsOf(tx, id) : undefined)
      await this.#checkReferences(tx, roleName, input.teamIds, siteIds)
      await q.updateUserRow(tx, id, {
        ...(input.displayName !== undefined ? { displayName: input.displayName.trim(), initials: initialsOf(input.displayName) } : {}),
        ...(input.phone !== undefined ? { phone: input.phone } : {}),
        ...(changesRole ? { roleId: newRole.id } : {}),
        ...(input.hourlyRateCents !== undefined ? { hourlyRateCents: input.hourlyRateCents } : {}),
        ...(input.isActive === false && !u.disabledAt ? { disabledAt: this.#deps.clock.now() } : {}),
        ...(input.isActive === true ? { disabledAt: null } : {}),
        ...((input.isActive === false && !u.disabledAt) || changesRole || reset ? { tokensValidAfter: revokeTokensIssuedBy(this.#deps.clock.now()) } : {}),
        // Back to invited: no password, activated again by the new link only.
        ...(reset ? { passwordHash: null, activatedAt: null } : {}),
      })
      if (input.teamIds) await q.replaceTeams(tx, id, input.teamIds)
      if (input.siteIds) await q.replaceSites(tx, id, input.siteIds)
      return reset ? this.#issueLink(tx, id) : null
    })
    // Committed: every replica re-reads the user at its next request (status, role, sites, name).
    await this.#deps.access.invalidatePrincipal(id)
    const user = await this.#userFor(caller, id)
    if (!link) return user
    const emailSent = await this.#deliver(u.email, user.displayName, link, true)
    return { ...user, passwordReset: { ...link, emailSent } }
  }

  /**
   * Called before disabling or demoting `id`: refuses when it is the last active
   * administrator. Two administrators removing each other at once must not both see the
   * other as "still there", so the decision is taken under a lock on the Administrateur role
   * row, held until commit, and the target is re-read under it (fresh, not from before).
   */
  async #keepOneAdministrator(tx: Db, id: string) {
    await q.lockAdministratorRole(tx)
    const target = await q.userCore(tx, id)
    const activeAdmin = target?.roleName === ADMIN && target.activatedAt !== null && target.disabledAt === null
    if (activeAdmin && (await q.countOtherActiveAdmins(tx, id, this.#deps.config.demoMode)) === 0) {
      throw conflict('LAST_ADMINISTRATOR')
    }
  }

  /**
   * On a store with no active administrator, (re)issues the single activation link that opens
   * it, for the pending first administrator (created if needed). Returns null otherwise.
   */
  async ensureFirstAdministrator(email: string): Promise<{ email: string; activationUrl: string; expiresAt: Date } | null> {
    const db = this.#db
    const counts = await q.countAdministrators(db)
    if (counts.active > 0) return null
    let pending = await q.firstPendingAdministrator(db)
    if (!pending) {
      const role = await roleByName(db, ADMIN)
      const id = uuidv7()
      try {
        await q.insertUser(db, { id, email, displayName: 'Administrateur', initials: 'AD', roleId: role!.id, createdAt: this.#deps.clock.now() })
      } catch (err) {
        if (!isUniqueViolation(err)) throw err
        // Another replica created it first, or the e-mail belongs to another account.
      }
      pending = await q.firstPendingAdministrator(db)
      if (!pending) return null
    }
    const link = await db.transaction((tx) => this.#issueLink(tx, pending.id))
    return { email: pending.email, ...link }
  }
}
