import { uuidv7 } from 'uuidv7'
import type { Platform } from '../module.ts'
import { conflict, isUniqueViolation, notFound } from '../../http/errors.ts'
import type { Scope } from '../../http/principal.ts'
import type { Static } from '../../http/schema-kit.ts'
import * as q from './categories.queries.ts'
import type { CategoriesQuery, CategoryCreate, CategoryUpdate } from './categories.schemas.ts'

/** The unique index (kind, lower(name)) decides between concurrent writers, not a prior read. */
function storeConflicts(err: unknown): never {
  if (isUniqueViolation(err, q.CATEGORY_NAME_KEY)) throw conflict('CATEGORY_NAME_TAKEN')
  throw err
}

export class CategoriesService {
  readonly #deps: Pick<Platform, 'database' | 'clock'>
  constructor(deps: Pick<Platform, 'database' | 'clock'>) { this.#deps = deps }

  get #db() { return this.#deps.database.db }

  // Categories are shared reference data without an owner; their use counts are the caller's
  // (only the assets of its sites count).
  async list(scope: Scope, filter: Static<typeof CategoriesQuery>) {
    return { categories: await q.listCategories(this.#db, scope, filter) }
  }

  async create(input: Static<typeof CategoryCreate>) {
    const row = { id: uuidv7(), kind: input.kind, name: input.name.trim(), createdAt: this.#deps.clock.now() }
    await q.insertCategory(this.#db, row).catch(storeConflicts)
    // Just created: nothing uses it yet.
    return { id: row.id, kind: row.kind, name: row.name, isActive: true, usageCount: 0 }
  }

  // No delete and no kind change: uses (assets, components) stay valid whatever happens here.
  async update(scope: Scope, id: string, input: Static<typeof CategoryUpdate>) {
    const found = await q.updateCategoryRow(this.#db, id, {
      ...(input.name !== undefined ? { name: input.name.trim() } : {}),
      ...(input.isActive !== undefined ? { isActive: input.isActive } : {}),
    }).catch(storeConflicts)
    if (!found) throw notFound('Catégorie introuvable.')
    return (await q.categoryById(this.#db, id, scope))!
  }
}
