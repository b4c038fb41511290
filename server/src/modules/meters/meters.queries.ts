import { and, asc, desc, eq, sql } from 'drizzle-orm'
import { assets, meterReadings, meters, users } from '../../db/schema.ts'
import { locatedWithinSites } from '../../db/scope.queries.ts'
import type { Scope } from '../../http/principal.ts'
import type { MeterKind } from './meters.defaults.ts'
import type { Db } from '../../platform/db.ts'

/**
 * The asset's id when it exists within the caller's sites. Missing and out of scope are the
 * same undefined, hence the same 404.
 */
export async function assetInScope(db: Db, assetId: string, scope: Pick<Scope, 'siteIds'>): Promise<string | undefined> {
  const [row] = await db.select({ id: assets.id }).from(assets)
    .where(and(eq(assets.id, assetId), locatedWithinSites(assets.locationId, scope)))
  return row?.id
}

export interface ReadingRow {
  id: string
  value: number
  readAt: Date
  recordedBy: { id: string; displayName: string } | null
  createdAt: Date
}

/**
 * The asset's meters with their last `limit` readings, in one statement: the lateral
 * subquery walks the (meter_id, value desc) index and stops at `limit` per meter, however
 * long the history. Values only go up, so "highest value" is "most recent".
 */
export async function metersWithReadings(db: Db, assetId: string, limit: number) {
  const recent = db.select({
    id: meterReadings.id,
    value: meterReadings.value,
    readAt: meterReadings.readAt,
    recordedBy: meterReadings.recordedBy,
    createdAt: meterReadings.createdAt,
  }).from(meterReadings)
    .where(eq(meterReadings.meterId, meters.id))
    .orderBy(desc(meterReadings.value)).limit(limit).as('r')
  const rows = await db.select({
    meterId: meters.id,
    kind: meters.kind,
    name: meters.name,
    unit: meters.unit,
    lastValue: meters.lastValue,
    lastReadAt: meters.lastReadAt,
    readingId: recent.id,
    value: recent.value,
    readAt: recent.readAt,
    createdAt: recent.createdAt,
    userId: users.id,
    userName: users.displayName,
  }).from(meters)
    .leftJoinLateral(recent, sql`true`)
    .leftJoin(users, eq(users.id, recent.recordedBy))
    .where(eq(meters.assetId, assetId))
    .orderBy(asc(meters.id), desc(recent.value))

  const byMeter = new Map<string, { id: string; kind: MeterKind; name: string; unit: string; lastValue: number | null; lastReadAt: Date | null; readings: ReadingRow[] }>()
  for (const r of rows) {
    let m = byMeter.get(r.meterId)
    if (!m) byMeter.set(r.meterId, m = { id: r.meterId, kind: r.kind, name: r.name, unit: r.unit, lastValue: r.lastValue, lastReadAt: r.lastReadAt, readings: [] })
    if (r.readingId) {
      m.readings.push({
        id: r.readingId, value: r.value!, readAt: r.readAt!, createdAt: r.createdAt!,
        recordedBy: r.userId ? { id: r.userId, displayName: r.userName! } : null,
      })
    }
  }
  return [...byMeter.values()]
}

/**
 * Locks the meter row until the transaction ends: concurrent readings of one meter queue
 * here, and each sees the value committed by the one before. Undefined when the meter does
 * not belong to the asset.
 */
export async function lockMeter(db: Db, meterId: string, assetId: string) {
  const [row] = await db.select({ id: meters.id, lastValue: meters.lastValue, lastReadAt: meters.lastReadAt })
    .from(meters).where(and(eq(meters.id, meterId), eq(meters.assetId, assetId))).for('update')
  return row
}

/** Appends a reading after `previousValue` and moves the meter's last value to it. */
export async function appendReading(db: Db, row: Required<Pick<typeof meterReadings.$inferInsert, 'id' | 'meterId' | 'value' | 'previousValue' | 'readAt' | 'recordedBy' | 'createdAt'>>) {
  await db.insert(meterReadings).values(row)
  await db.update(meters).set({ lastValue: row.value, lastReadAt: row.readAt }).where(eq(meters.id, row.meterId))
}
