import { uuidv7 } from 'uuidv7'
import type { Deps } from '../../app.ts'
import { badRequest, conflict, isUniqueViolation, notFound } from '../../http/errors.ts'
import type { Static } from '../../http/schema-kit.ts'
import { cleanText } from '../../lib/text.ts'
import type { Db } from '../../platform/db.ts'
import { siteRestriction, type Principal } from '../access/access.service.ts'
import { createDefaultMeters } from '../meters/meters.defaults.ts'
import * as list from './assets.list.queries.ts'
import * as q from './assets.queries.ts'
import { activeCategoriesOfKind } from '../categories/categories.queries.ts'
import {
  DEFAULT_PAGE, MAX_ASSET_OPTIONS,
  type AssetComponentCreate, type AssetCreate, type AssetsQuery, type AssetUpdate,
} from './assets.schemas.ts'

type ComponentInput = Static<typeof AssetComponentCreate>

const notFoundAsset = () => notFound('Équipement introuvable.')
const referenceTaken = () => conflict('ASSET_REFERENCE_TAKEN', 'Cette référence d’équipement est déjà utilisée.')
const invalidCategory = () =>
  badRequest('INVALID_CATEGORY', 'La catégorie doit être une catégorie d’équipement active.', [{ field: 'categoryId', message: 'catégorie d’équipement active attendue' }])
const unknownLocation = () =>
  badRequest('UNKNOWN_LOCATION', 'Emplacement inconnu : choisissez un site ou une zone existant.', [{ field: 'locationId', message: 'emplacement inconnu' }])
const invalidComponentType = (field: string) =>
  badRequest('INVALID_COMPONENT_TYPE', 'Le type de composant doit être une catégorie active de type composant.', [{ field, message: 'type de composant actif attendu' }])
const invalidCursor = () =>
  badRequest('VALIDATION_ERROR', 'Champ « cursor » : curseur invalide.', [{ field: 'cursor', message: 'curseur invalide' }])

/** The reference index decides between concurrent creators; nothing is read before. */
function storeConflicts(err: unknown): never {
  if (isUniqueViolation(err, q.ASSET_REFERENCE_KEY)) throw referenceTaken()
  throw err
}

const toDate = (v: string | null | undefined) => (v === undefined ? undefined : v === null ? null : new Date(v))

// The cursor is the last row's sort key, base64url-encoded JSON; anything else is refused.
export function encodeCursor(k: list.Keyset): string {
  return Buffer.from(JSON.stringify([k.key, k.id])).toString('base64url')
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/
const UPPER_REFERENCE = /^[A-Z0-9][A-Z0-9._-]{0,39}$/

export function decodeCursor(cursor: string): list.Keyset | null {
  try {
    const v: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'))
    if (Array.isArray(v) && v.length === 2 && typeof v[0] === 'string' && typeof v[1] === 'string' && UPPER_REFERENCE.test(v[0]) && UUID.test(v[1])) {
      return { key: v[0], id: v[1] }
    }
  } catch { /* refused below */ }
  return null
}

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
  readonly #deps: Deps
  constructor(deps: Deps) { this.#deps = deps }

  get #db() { return this.#deps.database.db }

  /** The site restriction of the caller on assets (403 when the role cannot view them). */
  async #sites(p: Principal) {
    return (await this.#deps.access.scope(p, 'ASSETS')).siteIds
  }

  async list(p: Principal, query: Static<typeof AssetsQuery>) {
    const siteIds = await this.#sites(p)
    const after = query.cursor === undefined ? undefined : decodeCursor(query.cursor)
    if (after === null) throw invalidCursor()
    const limit = query.limit ?? DEFAULT_PAGE
    const rows = await list.listAssetsPage(this.#db, { ...query, siteIds }, { limit, after })
    const page = rows.slice(0, limit)
    const last = page.at(-1)
    return {
      assets: page,
      nextCursor: rows.length > limit && last ? encodeCursor({ key: last.sortKey, id: last.id }) : null,
    }
  }

  /** Any authenticated caller; a Demandeur assigned to sites sees only their assets. */
  async options(p: Principal) {
    return { options: await list.listAssetOptions(this.#db, siteRestriction(p), MAX_ASSET_OPTIONS) }
  }

  async get(p: Principal, id: string) {
    const detail = await q.assetDetail(this.#db, id, await this.#sites(p))
    if (!detail) throw notFoundAsset()
    return detail
  }

  /** The asset, its components and its two meters: all or nothing. */
  async create(p: Principal, input: Static<typeof AssetCreate>) {
    const siteIds = await this.#sites(p)
    const id = uuidv7()
    const now = this.#deps.clock.now()
    const components = input.components ?? []
    await this.#db.transaction(async (tx) => {
      const categoryId = await this.#checkCategory(tx, input.categoryId)
      const locationId = await this.#checkLocation(tx, input.locationId, siteIds)
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
    })
    return (await q.assetDetail(this.#db, id, null))!
  }

  /**
   * Status moves: every move between IN_SERVICE, OUT_OF_SERVICE and UNDER_MAINTENANCE is
   * allowed (a breakdown stops an elevator whatever its state; it returns to service from
   * either). statusChangedAt moves only when the status really changes.
   */
  async update(p: Principal, id: string, input: Static<typeof AssetUpdate>) {
    const siteIds = await this.#sites(p)
    const now = this.#deps.clock.now()
    await this.#db.transaction(async (tx) => {
      const current = await q.lockAsset(tx, id, siteIds)
      if (!current) throw notFoundAsset()
      // Keeping a category deactivated since is fine: deactivation only stops new uses.
      if (input.categoryId !== undefined && input.categoryId !== current.categoryId) await this.#checkCategory(tx, input.categoryId)
      if (input.locationId !== undefined && input.locationId !== current.locationId) await this.#checkLocation(tx, input.locationId, siteIds)
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
    })
    return (await q.assetDetail(this.#db, id, null))!
  }

  async addComponent(p: Principal, assetId: string, input: ComponentInput) {
    const siteIds = await this.#sites(p)
    const now = this.#deps.clock.now()
    const row = componentRow(assetId, input, now)
    await this.#db.transaction(async (tx) => {
      if (!(await q.lockAsset(tx, assetId, siteIds))) throw notFoundAsset()
      await this.#checkComponentTypes(tx, [input.typeId], () => 'typeId')
      await q.insertComponents(tx, [row])
      await q.updateAssetRow(tx, assetId, { updatedAt: now })
    })
    return (await q.componentById(this.#db, row.id))!
  }

  /** The component leaves the asset (removed_at set, history kept); 404 when not fitted to it. */
  async removeComponent(p: Principal, assetId: string, componentId: string) {
    const siteIds = await this.#sites(p)
    const now = this.#deps.clock.now()
    await this.#db.transaction(async (tx) => {
      if (!(await q.lockAsset(tx, assetId, siteIds))) throw notFoundAsset()
      if (!(await q.removeComponent(tx, assetId, componentId, now))) throw notFound('Composant introuvable.')
      await q.updateAssetRow(tx, assetId, { updatedAt: now })
    })
  }

  async #checkCategory(tx: Db, categoryId: string): Promise<string> {
    if (!(await activeCategoriesOfKind(tx, [categoryId], 'EQUIPMENT')).has(categoryId)) throw invalidCategory()
    return categoryId
  }

  // Locations are never deleted, so the check holds until commit.
  async #checkLocation(tx: Db, locationId: string, siteIds: string[] | null): Promise<string> {
    if (!(await q.locationInScope(tx, locationId, siteIds))) throw unknownLocation()
    return locationId
  }

  async #checkComponentTypes(tx: Db, typeIds: string[], field: (index: number) => string) {
    const valid = await activeCategoriesOfKind(tx, typeIds, 'COMPONENT_TYPE')
    const bad = typeIds.findIndex((t) => !valid.has(t))
    if (bad >= 0) throw invalidComponentType(field(bad))
  }
}
