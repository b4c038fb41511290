import { uuidv7 } from 'uuidv7'
import type { Platform } from '../module.ts'
import { conflict, isUniqueViolation, notFound } from '../../http/errors.ts'
import type { Scope } from '../../http/principal.ts'
import type { Static } from '../../http/schema-kit.ts'
import { REPORT_FIELD_INFO, REPORT_FIELDS } from './reference-values.fields.ts'
import * as q from './reference-values.queries.ts'
import type { ReferenceValueCreate, ReferenceValuesQuery, ReferenceValueUpdate } from './reference-values.schemas.ts'

/** The unique index (field, lower(label)) decides between concurrent writers. */
function storeConflicts(err: unknown): never {
  if (isUniqueViolation(err, q.REFERENCE_LABEL_KEY)) throw conflict('REFERENCE_VALUE_TAKEN')
  throw err
}

export class ReferenceValuesService {
  readonly #deps: Pick<Platform, 'database' | 'clock'>
  constructor(deps: Pick<Platform, 'database' | 'clock'>) { this.#deps = deps }

  get #db() { return this.#deps.database.db }

  /** The six fields always, in report order, each with its values (one query for all). */
  async list(scope: Scope, filter: Static<typeof ReferenceValuesQuery>) {
    const rows = await q.listReferenceValues(this.#db, scope, filter)
    return {
      fields: REPORT_FIELDS.map((field) => ({
        field,
        ...REPORT_FIELD_INFO[field],
        values: rows.filter((r) => r.field === field),
      })),
    }
  }

  async create(input: Static<typeof ReferenceValueCreate>) {
    return q.insertReferenceValue(this.#db, {
      id: uuidv7(), field: input.field, label: input.label.trim(), createdAt: this.#deps.clock.now(),
    }).catch(storeConflicts)
  }

  // The field never changes and nothing is deleted: reports keep the value they recorded.
  async update(scope: Scope, id: string, input: Static<typeof ReferenceValueUpdate>) {
    const found = await q.updateReferenceValueRow(this.#db, id, {
      ...(input.label !== undefined ? { label: input.label.trim() } : {}),
      ...(input.isActive !== undefined ? { isActive: input.isActive } : {}),
    }).catch(storeConflicts)
    if (!found) throw notFound('Valeur de référence introuvable.')
    return (await q.referenceValueById(this.#db, id, scope))!
  }
}
