import { uuidv7 } from 'uuidv7'
import type { Deps } from '../../app.ts'
import { conflict, isUniqueViolation, notFound } from '../../http/errors.ts'
import type { Static } from '../../http/schema-kit.ts'
import * as q from './categories.queries.ts'
import type { CategoriesQuery, CategoryCreate, CategoryUpdate } from './categories.schemas.ts'

/** The unique index (kind, lower(name)) decides between concurrent writers, not a prior read. */
function storeConflicts(err: unknown): never {
  if (isUniqueViolation(err, q.CATEGORY_NAME_KEY)) throw conflict('CATEGORY_NAME_TAKEN', 'Ce nom de catégorie est déjà utilisé pour ce type.')
  throw err
}

export class CategoriesService {
  readonly #deps: Deps
  constructor(deps: Deps) { this.#deps = deps }

  get #db() { return this.#deps.database.db }

  // Categories are shared reference data without an owner: the route's right is all it takes.
  async list(filter: Static<typeof CategoriesQuery>) {
    return { categories: await q.listCategories(this.#db, filter) }
  }

  async create(input: Static<typeof CategoryCreate>) {
    const row = { id: uuidv7(), kind: input.kind, name: input.name.trim(), createdAt: this.#deps.clock.now() }
    await q.insertCategory(this.#db, row).catch(storeConflicts)
    // Just created: nothing uses it yet.
    return { id: row.id, kind: row.kind, name: row.name, isActive: true, usageCount: 0 }
  }

  // No delete and no kind change: uses (assets, components) stay valid whatever happens here.
  async update(id: string, input: Static<typeof CategoryUpdate>) {
    const found = await q.updateCategoryRow(this.#db, id, {
      ...(input.name !== undefined ? { name: input.name.trim() } : {}),
      ...(input.isActive !== undefined ? { isActive: input.isActive } : {}),
    }).catch(storeConflicts)
    if (!found) throw notFound('Catégorie introuvable.')
    return (await q.categoryById(this.#db, id))!
  }
}
