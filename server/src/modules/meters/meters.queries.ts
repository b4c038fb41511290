import { and, eq, sql } from 'drizzle-orm'
import { assets } from '../assets/assets.tables.ts'
import { personJson } from '../users/users.queries.ts'
import { meterReadings, meters } from './meters.tables.ts'
import { isoUtc } from '../../db/json.queries.ts'
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

// Each meter with its last `limit` readings as JSON, in the kinds' order: the inner subquery walks the
// (meter_id, value desc) index and stops at `limit` per meter, however long the history.
// Values only go up, so "highest value" is "most recent".
const metersJson = sql<MeterRow[]>`coalesce((
  SELECT json_agg(json_build_object('id', m.id, 'kind', m.kind, 'name', m.name, 'unit', m.unit,
      'lastValue', m.last_value, 'lastReadAt', ${isoUtc(sql`m.last_read_at`)},
      'readings', coalesce((
        SELECT json_agg(json_build_object('id', r.id, 'value', r.value, 'readAt', ${isoUtc(sql`r.read_at`)},
            'recordedBy', ${personJson(sql`r.recorded_by`)},
            'createdAt', ${isoUtc(sql`r.created_at`)})
          ORDER BY r.value DESC)
        FROM (SELECT * FROM ${meterReadings} mr WHERE mr.meter_id = m.id ORDER BY mr.value DESC LIMIT ${sql.placeholder('limit')}) r), '[]'::json))
    ORDER BY array_position(${kindOrder}, m.kind), m.id)
  FROM ${meters} m WHERE m.asset_id = ${sql`${assets}.${sql.identifier('id')}`}), '[]'::json)`

// One row when the asset is visible (whatever its meters), none otherwise: the scope check
// and the whole answer (MetersResponse, as JSON text sent as it is) in one round trip.
const metersStatement = prepared((db) => db.select({ text: sql<string>`json_build_object('assetId', ${assets.id}, 'meters', ${metersJson})::text` }).from(assets)
  .where(and(eq(assets.id, sql.placeholder('assetId')), withinSitesParam(assets.siteId)))
  .prepare('meters_of_asset'))

/** The asset's meters with their last `limit` readings as the answer's text; undefined when the asset is not visible. */
export async function metersWithReadings(db: Db, assetId: string, scope: Pick<Scope, 'siteIds'>, limit: number): Promise<JsonText<{ assetId: string; meters: MeterRow[] }> | undefined> {
  const [row] = await metersStatement(db).execute({ assetId, siteIds: siteIdsParam(scope), limit })
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
