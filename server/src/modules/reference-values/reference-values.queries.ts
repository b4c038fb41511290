import { and, asc, eq, sql, type SQL } from 'drizzle-orm'
import type { Db } from '../../platform/db.ts'
import { referenceValues } from '../../db/schema.ts'
import type { ReportField } from './reference-values.fields.ts'

export const REFERENCE_LABEL_KEY = 'reference_values_field_label_key'

const valueColumns = {
  id: referenceValues.id,
  field: sql<ReportField>`${referenceValues.field}`,
  label: referenceValues.label,
  isActive: referenceValues.isActive,
  // No work-order reports yet: the work-orders issue replaces this constant with a real count.
  usageCount: sql<number>`0`,
}

export type ReferenceValueRow = Awaited<ReturnType<typeof listReferenceValues>>[number]

export function listReferenceValues(db: Db, filter: { active?: boolean }) {
  const where: SQL[] = []
  if (filter.active !== undefined) where.push(eq(referenceValues.isActive, filter.active))
  return db.select(valueColumns).from(referenceValues).where(and(...where)).orderBy(
    asc(referenceValues.field), asc(referenceValues.position), asc(sql`lower(${referenceValues.label})`), asc(referenceValues.id),
  )
}

export async function referenceValueById(db: Db, id: string) {
  const [row] = await db.select(valueColumns).from(referenceValues).where(eq(referenceValues.id, id))
  return row
}

/**
 * Inserts the value last in its field: the position is computed by the insert itself. Two
 * concurrent inserts in one field may share a position; the label then orders them.
 */
export async function insertReferenceValue(db: Db, row: { id: string; field: ReportField; label: string; createdAt: Date }) {
  const [created] = await db.insert(referenceValues).values({
    ...row,
    position: sql`(SELECT coalesce(max(rv.position), 0) + 1 FROM ${referenceValues} rv WHERE rv.field = ${row.field})`,
  }).returning(valueColumns)
  return created
}

/** One statement; false when no value has this id. */
export async function updateReferenceValueRow(db: Db, id: string, set: { label?: string; isActive?: boolean }): Promise<boolean> {
  const rows = await db.update(referenceValues).set(set).where(eq(referenceValues.id, id)).returning({ id: referenceValues.id })
  return rows.length > 0
}
