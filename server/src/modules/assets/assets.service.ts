import { uuidv7 } from 'uuidv7'
import { badRequest, conflict, isUniqueViolation, notFound } from '../../http/errors.ts'
import { jsonListText } from '../../http/json-text.ts'
import { decodeCursor, isMatching, isUuid, pageOf } from '../../http/pagination.ts'
import type { Scope } from '../../http/principal.ts'
import type { Static } from '../../http/schema-kit.ts'
import { cleanText } from '../../lib/text.ts'
import type { Db } from '../../platform/db.ts'
import type { Platform } from '../module.ts'
import { createDefaultMeters } from '../meters/meters.defaults.ts'
import * as list from './assets.list.queries.ts'
import * as q from './assets.queries.ts'
import { logbookOf, periodOf } from './assets.logbook.ts'
import type { AssetQuery } from './assets.logbook.schemas.ts'
import { documentOfAsset, insertInspection } from './assets.inspections.queries.ts'
import { activeCategoriesOfKind } from '../categories/categories.queries.ts'
import {
  DEFAULT_PAGE,
  type AssetComponentCreate, type AssetCreate, type AssetsQuery, type AssetsResponse, type AssetUpdate, type InspectionRecord,
} from './assets.schemas.ts'

type ComponentInput = Static<typeof AssetComponentCreate>

const notFoundAsset = () => notFound('Équipement introuvable.')
const referenceTaken = () => conflict('ASSET_REFERENCE_TAKEN')
const invalidCategory = () =>
  badRequest('INVALID_CATEGORY', undefined, [{ field: 'categoryId', message: 'catégorie d’équipement active attendue' }])
const unknownLocation = () =>
  badRequest('UNKNOWN_LOCATION', undefined, [{ field: 'locationId', message: 'emplacement inconnu' }])
const invalidComponentType = (field: string) =>
  badRequest('INVALID_COMPONENT_TYPE', undefined, [{ field, message: 'type de composant actif attendu' }])
/** The reference index decides between concurrent creators; nothing is read before. */
function storeConflicts(err: unknown): never {
  if (isUniqueViolation(err, q.ASSET_REFERENCE_KEY)) throw referenceTaken()
  throw err
}

const invalidInspection = (field: string, message: string) =>
  badRequest('INVALID_INSPECTION', undefined, [{ field: `inspection.${field}`, message }])
// A phone or a browser a little ahead of the server still records "now".
const CLOCK_SKEW_MS = 5 * 60_000

const toDate = (v: string | null | undefined) => (v === undefined ? undefined : v === null ? null : new Date(v))

// The listing's sort key: the reference upper-cased (as the unique index), then the id.
const ASSET_KEY = [isMatching(/^[A-Z0-9][A-Z0-9._-]{0,39}$/), isUuid] as const

function componentRow(assetId: string, c: ComponentInput, at: Date) {
  return {
    id: uuidv7(),
    assetId,
    typeId: c.typeId,
    brand: cleanText(c.brand) ?? null,
    model: cleanText(c.model) ?? null,
    serialNumber: cleanText(c.serialNumber) ?? null,
    installedAt: toDate(c.installedAt) ?? null,
    notes: cleanText(c.notes) ?? null,
    createdAt: at,
  }
}

export class AssetsService {
  readonly #deps: Pick<Platform, 'database' | 'clock'>
  constructor(deps: Pick<Platform, 'database' | 'clock'>) { this.#deps = deps }

  get #db() { return this.#deps.database.db }

  /** One page of the caller's assets and the cursor of the next one (null: last page). */
  async list(scope: Scope, query: Static<typeof AssetsQuery>) {
    const { cursor, limit = DEFAULT_PAGE, ...filter } = query
    const after = cursor === undefined ? undefined : decodeCursor(cursor, ASSET_KEY) as list.Keyset
    const rows = await list.listAssetsPage(this.#db, scope, filter, { limit, after })
    const { items, next } = pageOf(rows, limit, (r) => [r.sortKey, r.id])
    return { page: jsonListText<Static<typeof AssetsResponse>>('assets', items.map((r) => r.row)), next, limit }
  }

  /** Any authenticated caller, within its site assignment. */
  async options(scope: Scope) {
    return { options: await list.listAssetOptions(this.#db, scope) }
  }

  /** Rebuilds up to `batch` stale stored details (modules/stale-refill.ts); returns how many. */
  refillStaleDetails(batch: number) { return q.refillStaleDetails(this.#db, batch) }

  /** The stored-text detail; with a period, parsed once more to carry the carnet (logbook). */
  async get(scope: Scope, id: string, query: Static<typeof AssetQuery> = {}) {
    const period = periodOf(query)
    const now = this.#deps.clock.now()
    const detail = await q.assetDetail(this.#db, id, scope, now)
    if (!detail) throw notFoundAsset()
    if (!period) return detail
    const row = JSON.parse(detail.text) as q.DetailRow
    return { ...row, logbook: await logbookOf(this.#db, id, period, row.underContract, now) }
  }

  /** The asset, its components and its two meters: all or nothing. */
  async create(scope: Scope, input: Static<typeof AssetCreate>, actorId: string | null = null) {
    const id = uuidv7()
    const now = this.#deps.clock.now()
    const components = input.components ?? []
    await this.#db.transaction(async (tx) => {
      const categoryId = await this.#checkCategory(tx, input.categoryId)
      const locationId = await this.#checkLocation(tx, input.locationId, scope)
      await this.#checkComponentTypes(tx, components.map((c) => c.typeId), (i) => `components.${i}.typeId`)
      // No prior read of the reference: the unique index lets one concurrent creator win.
      await q.insertAsset(tx, {
        id,
        reference: input.reference,
        brand: input.brand.trim(),
        model: cleanText(input.model) ?? null,
        serialNumber: cleanText(input.serialNumber) ?? null,
        commissionedAt: toDate(input.commissionedAt) ?? null,
        loadKg: input.loadKg ?? null,
        floors: input.floors ?? null,
        status: input.status ?? 'IN_SERVICE',
        categoryId,
        locationId,
        underContract: input.underContract ?? false,
        notes: cleanText(input.notes) ?? null,
        statusChangedAt: null,
        createdAt: now,
        updatedAt: now,
      }).catch(storeConflicts)
      await q.insertComponents(tx, components.map((c) => componentRow(id, c, now)))
      await createDefaultMeters(tx, id, now)
      if (input.inspection) await this.#recordInspection(tx, id, input.inspection, now, actorId)
    })
    return (await q.assetDetail(this.#db, id, { siteIds: null }, this.#deps.clock.now()))!
  }

  /**
   * Status moves: every move between IN_SERVICE, OUT_OF_SERVICE and UNDER_MAINTENANCE is
   * allowed (a breakdown stops an elevator whatever its state; it returns to service from
   * either). statusChangedAt moves only when the status really changes.
   */
  async update(scope: Scope, id: string, input: Static<typeof AssetUpdate>, actorId: string | null = null) {
    const now = this.#deps.clock.now()
    await this.#db.transaction(async (tx) => {
      if (input.locationId !== undefined) await q.lockPlacesForMove(tx, id, input.locationId)
      const current = await q.lockAsset(tx, id, scope)
      if (!current) throw notFoundAsset()
      // Keeping a category deactivated since is fine: deactivation only stops new uses.
      if (input.categoryId !== undefined && input.categoryId !== current.categoryId) await this.#checkCategory(tx, input.categoryId)
      if (input.locationId !== undefined && input.locationId !== current.locationId) await this.#checkLocation(tx, input.locationId, scope)
      const statusChanged = input.status !== undefined && input.status !== current.status
      await q.updateAssetRow(tx, id, {
        ...(input.reference !== undefined ? { reference: input.reference } : {}),
        ...(input.brand !== undefined ? { brand: input.brand.trim() } : {}),
        ...(input.model !== undefined ? { model: cleanText(input.model) } : {}),
        ...(input.serialNumber !== undefined ? { serialNumber: cleanText(input.serialNumber) } : {}),
        ...(input.commissionedAt !== undefined ? { commissionedAt: toDate(input.commissionedAt) } : {}),
        ...(input.loadKg !== undefined ? { loadKg: input.loadKg } : {}),
        ...(input.floors !== undefined ? { floors: input.floors } : {}),
        ...(statusChanged ? { status: input.status, statusChangedAt: now } : {}),
        ...(input.categoryId !== undefined ? { categoryId: input.categoryId } : {}),
        ...(input.locationId !== undefined ? { locationId: input.locationId } : {}),
        ...(input.underContract !== undefined ? { underContract: input.underContract } : {}),
        ...(input.notes !== undefined ? { notes: cleanText(input.notes) } : {}),
        updatedAt: now,
      }).catch(storeConflicts)
      if (input.inspection) await this.#recordInspection(tx, id, input.inspection, now, actorId)
    })
    return (await q.assetDetail(this.#db, id, { siteIds: null }, this.#deps.clock.now()))!
  }

  async addComponent(scope: Scope, assetId: string, input: ComponentInput) {
    const now = this.#deps.clock.now()
    const row = componentRow(assetId, input, now)
    await this.#db.transaction(async (tx) => {
      if (!(await q.lockAsset(tx, assetId, scope))) throw notFoundAsset()
      await this.#checkComponentTypes(tx, [input.typeId], () => 'typeId')
      await q.insertComponents(tx, [row])
      await q.updateAssetRow(tx, assetId, { updatedAt: now })
    })
    return (await q.componentById(this.#db, row.id))!
  }

  /** The component leaves the asset (removed_at set, history kept); 404 when not fitted to it. */
  async removeComponent(scope: Scope, assetId: string, componentId: string) {
    const now = this.#deps.clock.now()
    await this.#db.transaction(async (tx) => {
      if (!(await q.lockAsset(tx, assetId, scope))) throw notFoundAsset()
      if (!(await q.removeComponent(tx, assetId, componentId, now))) throw notFound('Composant introuvable.')
      await q.updateAssetRow(tx, assetId, { updatedAt: now })
    })
  }

  /**
   * Appends a technical inspection to the elevator's history: not in the future, its report
   * (when given) a document of this elevator. Documents are never moved between elevators, so
   * the check holds until commit.
   */
  async #recordInspection(tx: Db, assetId: string, input: Static<typeof InspectionRecord>, now: Date, by: string | null) {
    const inspectedAt = new Date(input.inspectedAt)
    if (inspectedAt.getTime() > now.getTime() + CLOCK_SKEW_MS) throw invalidInspection('inspectedAt', 'date dans le futur')
    if (input.reportDocumentId !== undefined && !(await documentOfAsset(tx, input.reportDocumentId, assetId))) {
      throw invalidInspection('reportDocumentId', 'le rapport doit être un document de cet équipement')
    }
    await insertInspection(tx, {
      id: uuidv7(), assetId, inspectedAt, body: input.body.trim(),
      reportDocumentId: input.reportDocumentId ?? null, notes: cleanText(input.notes) ?? null, createdBy: by, createdAt: now,
    })
  }

  async #checkCategory(tx: Db, categoryId: string): Promise<string> {
    if (!(await activeCategoriesOfKind(tx, [categoryId], 'EQUIPMENT')).has(categoryId)) throw invalidCategory()
    return categoryId
  }

  // Locations are never deleted, so the check holds until commit.
  async #checkLocation(tx: Db, locationId: string, scope: Scope): Promise<string> {
    if (!(await q.locationInScope(tx, locationId, scope))) throw unknownLocation()
    return locationId
  }

  async #checkComponentTypes(tx: Db, typeIds: string[], field: (index: number) => string) {
    const valid = await activeCategoriesOfKind(tx, typeIds, 'COMPONENT_TYPE')
    const bad = typeIds.findIndex((t) => !valid.has(t))
    if (bad >= 0) throw invalidComponentType(field(bad))
  }
}
