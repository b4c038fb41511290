import { uuidv7 } from 'uuidv7'
import type { CodeWithStatus } from '../../http/error-codes.ts'
import { badRequest } from '../../http/errors.ts'
import { JsonText, jsonListText } from '../../http/json-text.ts'
import { decodeCursor, encodeCursor, isMatching, isUuid, pageOf } from '../../http/pagination.ts'
import type { Principal } from '../../http/principal.ts'
import type { Static } from '../../http/schema-kit.ts'
import { cleanText } from '../../lib/text.ts'
import type { Db } from '../../platform/db.ts'
import type { Platform } from '../module.ts'
import { insufficientStock, invalidSupplier, isNegativeStock, negativeStock, notFoundPart } from './parts.errors.ts'
import * as q from './parts.queries.ts'
import { DEFAULT_PAGE, MOVEMENTS_PAGE, type PartCreate, type PartDetail, type PartQuery, type PartsQuery, type PartsResponse, type PartUpdate, type StockMovementCreate } from './parts.schemas.ts'

const PART_KEY = [(v: unknown) => Number.isSafeInteger(v) && (v as number) > 0] as const
const MOVEMENT_KEY = [isMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/), isUuid] as const

const fieldError = (code: CodeWithStatus<400>, field: string, message: string) =>
  badRequest(code, `Champ « ${field} » : ${message}.`, [{ field, message }])

export type PartsDeps = Pick<Platform, 'database' | 'clock'>

/**
 * Parts are company-wide stock, without owner or site: the PARTS right the route checks is
 * all a caller needs (docs/parts.md).
 */
export class PartsService {
  readonly #deps: PartsDeps
  constructor(deps: PartsDeps) { this.#deps = deps }

  get #db() { return this.#deps.database.db }

  async list(query: Static<typeof PartsQuery>) {
    const { cursor, limit = DEFAULT_PAGE, ...filter } = query
    const after = cursor === undefined ? 0 : decodeCursor(cursor, PART_KEY)[0] as number
    const rows = await q.listPartsPage(this.#db, filter, { limit, after })
    const { items, next } = pageOf(rows, limit, (r) => [Number(r.number)])
    return { page: jsonListText<Static<typeof PartsResponse>>('parts', items.map((r) => r.row)), next, limit }
  }

  /** The part with a page of its ledger (the newest by default), and the next (older) page's cursor. */
  async getPage(id: string, query: Static<typeof PartQuery> = {}) {
    const { cursor, limit = MOVEMENTS_PAGE } = query
    const before = cursor === undefined ? undefined : decodeCursor(cursor, MOVEMENT_KEY) as q.MovementKey
    const part = await q.partDetail(this.#db, id, { limit, ...(before ? { before } : {}) })
    if (!part) throw notFoundPart()
    return { part: new JsonText<Static<typeof PartDetail>>(part.text), next: part.next && encodeCursor(part.next), limit }
  }

  async get(id: string) {
    return (await this.getPage(id)).part
  }

  async create(input: Static<typeof PartCreate>) {
    const id = uuidv7()
    const now = this.#deps.clock.now()
    await this.#db.transaction(async (tx) => {
      const supplierId = input.supplierId ?? null
      if (supplierId) await this.#checkSupplier(tx, supplierId)
      await q.insertPart(tx, {
        id, designation: input.designation.trim(), reorderThreshold: input.reorderThreshold ?? 0, supplierId,
        lastUnitPriceCents: null, createdAt: now, updatedAt: now,
      })
    })
    return this.get(id)
  }

  async update(id: string, input: Static<typeof PartUpdate>) {
    await this.#db.transaction(async (tx) => {
      const part = await q.lockPart(tx, id)
      if (!part) throw notFoundPart()
      // A new supplier must be usable; the current one may stay after being deactivated.
      if (input.supplierId && input.supplierId !== part.supplierId) await this.#checkSupplier(tx, input.supplierId)
      await q.updatePartRow(tx, id, {
        ...(input.designation !== undefined ? { designation: input.designation.trim() } : {}),
        ...(input.reorderThreshold !== undefined ? { reorderThreshold: input.reorderThreshold } : {}),
        ...(input.supplierId !== undefined ? { supplierId: input.supplierId } : {}),
        updatedAt: this.#deps.clock.now(),
      })
    })
    return this.get(id)
  }

  /**
   * MANUAL (positive) or ADJUSTMENT (either sign, reason required). The part row is locked,
   * so the stock checked is the stock the movement follows; 409 INSUFFICIENT_STOCK when it
   * would go below zero, nothing written (and the quantity's check refuses it anyway).
   */
  async addMovement(principal: Principal, id: string, input: Static<typeof StockMovementCreate>) {
    const reason = cleanText(input.reason) ?? null
    if (input.quantity === 0) throw fieldError('VALIDATION_ERROR', 'quantity', 'ne peut pas être 0')
    if (input.kind === 'MANUAL' && input.quantity < 0) throw fieldError('VALIDATION_ERROR', 'quantity', 'une entrée manuelle est positive (une sortie se fait par ajustement)')
    if (input.kind === 'ADJUSTMENT' && !reason) throw fieldError('REASON_REQUIRED', 'reason', 'motif obligatoire pour un ajustement')
    if (input.kind === 'ADJUSTMENT' && input.unitPriceCents !== undefined) throw fieldError('VALIDATION_ERROR', 'unitPriceCents', 'seulement pour une entrée manuelle')
    const now = this.#deps.clock.now()
    await this.#db.transaction(async (tx) => {
      const part = await q.lockPart(tx, id)
      if (!part) throw notFoundPart()
      if (part.quantity + input.quantity < 0) throw insufficientStock(part.quantity)
      await q.insertMovement(tx, {
        id: uuidv7(), partId: id, kind: input.kind, quantity: input.quantity,
        unitPriceCents: input.unitPriceCents ?? part.lastUnitPriceCents, reason, actorId: principal.id, createdAt: now,
      })
      if (input.unitPriceCents !== undefined) await q.updatePartRow(tx, id, { lastUnitPriceCents: input.unitPriceCents, updatedAt: now })
    }).catch((err) => {
      if (isNegativeStock(err)) throw negativeStock()
      throw err
    })
    return this.get(id)
  }

  /** 400 INVALID_SUPPLIER unless an active SUPPLIER partner (locked until commit). */
  async #checkSupplier(tx: Db, supplierId: string) {
    const supplier = await q.lockSupplier(tx, supplierId)
    if (!supplier || supplier.kind !== 'SUPPLIER' || !supplier.isActive) throw invalidSupplier()
  }
}
