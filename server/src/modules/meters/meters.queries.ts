import { and, eq, sql } from 'drizzle-orm'
import { assets } from '../assets/assets.tables.ts'
import { meterReadings, meters } from './meters.tables.ts'
import { prepared } from '../../db/prepared.ts'
import { JsonText } from '../../http/json-text.ts'
import { siteIdsParam, withinSitesParam } from '../../db/scope.queries.ts'
import type { Scope } from '../../http/principal.ts'
import { METER_KINDS, type MeterKind } from './meters.kinds.ts'
import type { Db } from '../../platform/db.ts'

const assetInScopeStatement = prepared((db) => db.select({ id: assets.id }).from(assets)
  .where(and(eq(assets.id, sql.placeholder('assetId')), withinSitesParam(assets.siteId)))
  .prepare('meters_asset_in_scope'))

/**
 * The asset's id when it exists within the caller's sites. Missing and out of scope are the
 * same undefined, hence the same 404.
 */
export async function assetInScope(db: Db, assetId: string, scope: Pick<Scope, 'siteIds'>): Promise<string | undefined> {
  const [row] = await assetInScopeStatement(db).execute({ assetId, siteIds: siteIdsParam(scope) })
  return row?.id
}

export interface ReadingRow {
  id: string
  value: number
  readAt: string
  recordedBy: { id: string; displayName: string } | null
  createdAt: string
}

export interface MeterRow {
  id: string
  kind: MeterKind
  name: string
  unit: string
  lastValue: number | null
  lastReadAt: string | null
  readings: ReadingRow[]
}

// The kinds in the answer's order (TRIPS, then RUNNING_HOURS).
const kindOrder = sql.raw(`ARRAY[${METER_KINDS.map((k) => `'${k}'`).join(', ')}]::text[]`)

// One row when the asset is visible (whatever its meters), none otherwise: the scope check
// and the whole answer (MetersResponse, as JSON text sent as it is) in one round trip. Each
// meter is the text its row keeps (meters.answer, migration 0029: its last
// MAX_LISTED_READINGS readings, rebuilt by triggers on every write it shows); a NULL one is
// built live by the same function (through a subquery, so that no whole row is formed when
// the stored text is there).
const metersStatement = prepared((db) => db.select({
  text: sql<string>`'{"assetId":"' || ${assets.id} || '","meters":[' || coalesce((
    SELECT string_agg(coalesce(m.answer, (SELECT json_stored(meter_answer(x)) FROM ${meters} x WHERE x.id = m.id)), ',' ORDER BY array_position(${kindOrder}, m.kind), m.id)
    FROM ${meters} m WHERE m.asset_id = ${sql`${assets}.${sql.identifier('id')}`}), '') || ']}'`,
}).from(assets)
  .where(and(eq(assets.id, sql.placeholder('assetId')), withinSitesParam(assets.siteId)))
  .prepare('meters_of_asset'))

/** The asset's meters with their last readings as the answer's text; undefined when the asset is not visible. */
export async function metersWithReadings(db: Db, assetId: string, scope: Pick<Scope, 'siteIds'>): Promise<JsonText<{ assetId: string; meters: MeterRow[] }> | undefined> {
  const [row] = await metersStatement(db).execute({ assetId, siteIds: siteIdsParam(scope) })
  return row ? new JsonText(row.text) : undefined
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
