import { uuidv7 } from 'uuidv7'
import type { Platform } from '../module.ts'
import { badRequest, conflict, isForeignKeyViolation, isUniqueViolation, notFound } from '../../http/errors.ts'
import type { Static } from '../../http/schema-kit.ts'
import type { Db } from '../../platform/db.ts'
import type { Scope } from '../../http/principal.ts'
import * as q from './teams.queries.ts'
import type { TeamCreate, TeamUpdate } from './teams.schemas.ts'

const unknownUser = (id?: string) =>
  badRequest('UNKNOWN_USER', id ? `Utilisateur inconnu : ${id}.` : undefined, [{ field: 'memberIds', message: 'utilisateur inconnu' }])

// Blank descriptions are stored as "no description", so the list never shows an empty box.
const cleanDescription = (d: string | null | undefined) => (d == null ? null : d.trim() || null)

/** Turns the store's invariants into answers: the unique name index decides, not a prior read. */
function storeConflicts(err: unknown): never {
  if (isUniqueViolation(err, 'teams_name_lower_key')) throw conflict('TEAM_NAME_TAKEN')
  // Users are never deleted, but a foreign key is the last word if one vanished meanwhile.
  if (isForeignKeyViolation(err)) throw unknownUser()
  throw err
}

export class TeamsService {
  readonly #deps: Pick<Platform, 'database' | 'clock'>
  constructor(deps: Pick<Platform, 'database' | 'clock'>) { this.#deps = deps }

  get #db() { return this.#deps.database.db }

  async #checkMembers(db: Db, memberIds?: string[]) {
    if (!memberIds?.length) return
    const found = new Set(await q.existingUserIds(db, memberIds))
    const missing = memberIds.find((id) => !found.has(id))
    if (missing) throw unknownUser(missing)
  }

  /** Without view-other, a caller only sees the teams it belongs to. */
  async list(scope: Scope) {
    return { teams: await q.listTeams(this.#db, scope) }
  }

  async create(_scope: Scope, input: Static<typeof TeamCreate>) {
    const id = uuidv7()
    await this.#db.transaction(async (tx) => {
      await this.#checkMembers(tx, input.memberIds)
      await q.insertTeam(tx, {
        id, name: input.name.trim(), description: cleanDescription(input.description), createdAt: this.#deps.clock.now(),
      })
      if (input.memberIds?.length) await q.replaceMembers(tx, id, input.memberIds)
    }).catch(storeConflicts)
    return (await q.teamById(this.#db, id))!
  }

  async update(scope: Scope, id: string, input: Static<typeof TeamUpdate>) {
    await this.#db.transaction(async (tx) => {
      // Missing and out of scope answer the same 404; the lock serialises concurrent edits.
      if (!(await q.lockTeam(tx, id, scope))) throw notFound('Équipe introuvable.')
      await this.#checkMembers(tx, input.memberIds)
      await q.updateTeamRow(tx, id, {
        ...(input.name !== undefined ? { name: input.name.trim() } : {}),
        ...(input.description !== undefined ? { description: cleanDescription(input.description) } : {}),
      })
      if (input.memberIds) await q.replaceMembers(tx, id, input.memberIds)
    }).catch(storeConflicts)
    return (await q.teamById(this.#db, id))!
  }
}
