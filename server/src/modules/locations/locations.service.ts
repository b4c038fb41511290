import { uuidv7 } from 'uuidv7'
import { badRequest, conflict, notFound } from '../../http/errors.ts'
import { jsonListText } from '../../http/json-text.ts'
import type { Static } from '../../http/schema-kit.ts'
import type { Db } from '../../platform/db.ts'
import type { Scope } from '../../http/principal.ts'
import type { Platform } from '../module.ts'
import { lockPartner } from '../partners/partners.queries.ts'
import { cleanText } from '../../lib/text.ts'
import * as q from './locations.queries.ts'
import type { LocationCreate, LocationsResponse, LocationUpdate } from './locations.schemas.ts'

type Input = Static<typeof LocationCreate> | Static<typeof LocationUpdate>

const notFoundLocation = () => notFound('Emplacement introuvable.')
const tooDeep = (message: string) => badRequest('LOCATION_TOO_DEEP', message, [{ field: 'parentId', message: 'hiérarchie trop profonde' }])

/** The columns an input sets, text trimmed (a blank optional text clears the field). */
function columns(input: Input) {
  return {
    ...(input.name !== undefined ? { name: input.name.trim() } : {}),
    ...(input.parentId !== undefined ? { parentId: input.parentId } : {}),
    ...(input.address !== undefined ? { address: cleanText(input.address) } : {}),
    ...(input.city !== undefined ? { city: cleanText(input.city) } : {}),
    ...(input.guardianName !== undefined ? { guardianName: cleanText(input.guardianName) } : {}),
    ...(input.guardianPhone !== undefined ? { guardianPhone: cleanText(input.guardianPhone) } : {}),
    ...(input.latitude !== undefined ? { latitude: input.latitude } : {}),
    ...(input.longitude !== undefined ? { longitude: input.longitude } : {}),
    ...(input.partnerId !== undefined ? { partnerId: input.partnerId } : {}),
  }
}

export class LocationsService {
  readonly #deps: Pick<Platform, 'database' | 'clock'>
  constructor(deps: Pick<Platform, 'database' | 'clock'>) { this.#deps = deps }

  get #db() { return this.#deps.database.db }

  async list(scope: Scope) {
    return jsonListText<Static<typeof LocationsResponse>>('locations', await q.listLocations(this.#db, scope))
  }

  async create(scope: Scope, input: Static<typeof LocationCreate>) {
    const id = uuidv7()
    await this.#db.transaction(async (tx) => {
      if (input.parentId !== undefined) {
        // FOR SHARE: the site cannot turn into a zone while its new zone is being created.
        const [parent] = await q.lockLocations(tx, [input.parentId], 'share', scope)
        this.#checkParent(parent)
      }
      if (input.partnerId) await this.#checkPartner(tx, input.partnerId)
      await q.insertLocation(tx, { id, name: input.name.trim(), ...columns(input), createdAt: this.#deps.clock.now() })
    })
    return (await q.locationById(this.#db, id))!
  }

  async update(scope: Scope, id: string, input: Static<typeof LocationUpdate>) {
    // LocationUpdate has LocationCreate's types: parentId moves a location under a site, it
    // never takes null (a zone does not turn back into a site through the API).
    const newParent = input.parentId
    await this.#db.transaction(async (tx) => {
      const rows = await q.lockLocations(tx, newParent && newParent !== id ? [id, newParent] : [id], 'update', scope,
        { parentOf: newParent && id, zonesOf: input.name !== undefined ? id : undefined })
      const current = rows.find((r) => r.id === id)
      if (!current) throw notFoundLocation()

      if (newParent !== undefined && newParent !== current.parentId) {
        if (newParent === id) {
          throw badRequest('INVALID_PARENT', undefined, [{ field: 'parentId', message: 'emplacement lui-même' }])
        }
        this.#checkParent(rows.find((r) => r.id === newParent))
        if (current.parentId === null) await this.#checkSiteCanBecomeZone(tx, id)
      }
      // Keeping an already linked partner is fine even if it was deactivated since.
      if (input.partnerId && input.partnerId !== current.partnerId) await this.#checkPartner(tx, input.partnerId)
      await q.updateLocationRow(tx, id, columns(input))
    })
    return (await q.locationById(this.#db, id))!
  }

  // A parent outside the caller's scope was not locked: reported exactly like a missing one.
  #checkParent(parent: { id: string; parentId: string | null } | undefined) {
    if (!parent) {
      throw badRequest('UNKNOWN_PARENT', undefined, [{ field: 'parentId', message: 'emplacement inconnu' }])
    }
    if (parent.parentId !== null) throw tooDeep('Hiérarchie trop profonde : une zone ne peut contenir que des équipements, pas d’autres zones.')
  }

  async #checkSiteCanBecomeZone(tx: Db, siteId: string) {
    if ((await q.countZones(tx, siteId)) > 0) {
      throw tooDeep('Hiérarchie trop profonde : ce site a des zones, il ne peut pas devenir une zone.')
    }
    // Users are assigned to top-level sites only; moving one under another site would break that.
    if ((await q.countAssignedUsers(tx, siteId)) > 0) {
      throw conflict('SITE_IN_USE')
    }
  }

  async #checkPartner(tx: Db, partnerId: string) {
    // FOR SHARE: the partner cannot become a supplier while this link is being made.
    const partner = await lockPartner(tx, partnerId, 'share')
    if (!partner || partner.kind !== 'CLIENT' || !partner.isActive) {
      throw badRequest('INVALID_PARTNER', undefined, [{ field: 'partnerId', message: 'client actif attendu' }])
    }
  }
}
