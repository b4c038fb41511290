// Seeds the demo fleet (demo-fleet.ts) inside seedDemo's transaction: assets, components,
// the two default meters and a monthly reading history. Deterministic: every random choice
// comes from a small PRNG seeded by the asset's reference, and dates count back from `now`.
// A handful of statements in all (one insert per table), whatever the size of the fleet.
import { inArray, sql } from 'drizzle-orm'
import { uuidv7 } from 'uuidv7'
import { DEFAULT_METERS } from '../modules/meters/meters.defaults.ts'
import type { Db } from '../platform/db.ts'
import { assetComponents, assets } from '../modules/assets/assets.tables.ts'
import { categories } from '../modules/categories/categories.tables.ts'
import { meterReadings, meters } from '../modules/meters/meters.tables.ts'
import { insertRows } from './bulk.ts'
import { DAY, int, pick, prng, type Rnd } from './demo-random.ts'
import { COMPONENT, DEMO_FLEET, DOOR_OPERATORS, EQUIPMENT, KITS, SITE_TECHNICIANS, type DemoAsset, type DoorBrand, type KitPart } from './demo-fleet.ts'

const digits = (rnd: Rnd, n: number) => Array.from({ length: n }, () => int(rnd, 0, 9)).join('')
const utcDay = (d: string) => new Date(`${d}T00:00:00.000Z`)
/** A day of the given year (UTC midnight), not before `floor`. */
const dayIn = (rnd: Rnd, year: number, floor: Date) =>
  new Date(Math.max(Date.UTC(year, int(rnd, 0, 11), int(rnd, 1, 28)), floor.getTime()))

function serialNumber(rnd: Rnd, a: DemoAsset): string {
  const yy = a.since.slice(2, 4)
  switch (a.brand) {
    case 'Otis': return `F${pick(rnd, ['K', 'M', 'N', 'R'])}${pick(rnd, ['A', 'C', 'L', 'T'])}${digits(rnd, 6)}`
    case 'Schindler': return `1${digits(rnd, 7)}`
    case 'Kone': return `4${digits(rnd, 7)}`
    case 'TK Elevator': return `E${yy}${digits(rnd, 5)}`
    case 'Orona': return `OR${yy}-${digits(rnd, 6)}`
    case 'Aritco': return `A4-${digits(rnd, 6)}`
    default: return `${a.brand.slice(0, 3).toUpperCase()}-${a.since.slice(0, 4)}-${digits(rnd, 4)}`
  }
}

interface Part { key: keyof typeof COMPONENT; brand: string; model: string; serial: string | null; installedAt: Date; removedAt?: Date; notes?: string }

/** The 3 to 6 fitted parts, plus the door operator a refit replaced (kept on record, removed). */
function partsOf(rnd: Rnd, a: DemoAsset, since: Date): Part[] {
  const kit = KITS[a.kit] as { core: KitPart[]; extra: KitPart[] }
  const chosen: KitPart[] = [...(a.door ? [['door', a.door, DOOR_OPERATORS[a.door]] as KitPart] : []), ...kit.core]
  const target = Math.max(chosen.length, int(rnd, 3, 6))
  for (const part of kit.extra) if (chosen.length < target) chosen.push(part)
  const parts: Part[] = chosen.map(([key, brand, model, prefix]) => ({
    key, brand, model, serial: prefix ? `${prefix}${digits(rnd, 7)}` : null, installedAt: since,
  }))
  const year = since.getUTCFullYear()
  // The 2003 safety law made a two-way alarm mandatory by 2008: older lifts got one then.
  const alarm = parts.find((p) => p.key === 'alarm')
  if (alarm && year < 2008) Object.assign(alarm, { installedAt: dayIn(rnd, 2008, since), notes: 'Posée lors de la mise en conformité SAE.' })
  // Doors of the older lifts were renewed once: the new operator is fitted, the old one removed.
  const door = parts.find((p) => p.key === 'door')
  if (door && year < 2005) {
    const at = dayIn(rnd, int(rnd, 2012, 2021), since)
    const brand = pick(rnd, (Object.keys(DOOR_OPERATORS) as DoorBrand[]).filter((b) => b !== door.brand))
    parts.push({ ...door, removedAt: at, notes: 'Opérateur d’origine, déposé (usure).' })
    Object.assign(door, { brand, model: DOOR_OPERATORS[brand], installedAt: at, notes: 'Remplacement de l’opérateur d’origine.' })
  }
  return parts
}

interface Reading { key: 'TRIPS' | 'RUNNING_HOURS'; value: number; previousValue: number | null; readAt: Date; recordedBy: string }

/** 8 to 24 monthly visits ending a few days ago (before any breakdown), both meters read at each. */
function readingsOf(rnd: Rnd, a: DemoAsset, since: Date, now: Date, technicians: string[]): Reading[] {
  const lastDay = Math.floor(now.getTime() / DAY) - (a.statusDaysAgo ?? 0) - int(rnd, 2, 12)
  const visits: Date[] = []
  for (let day = lastDay, n = int(rnd, 8, 24); visits.length < n; day -= int(rnd, 27, 33)) {
    const at = new Date(day * DAY + int(rnd, 7 * 60, 16 * 60) * 60_000)
    if (at.getTime() < since.getTime() + 30 * DAY) break
    visits.unshift(at)
  }
  if (!visits.length) return []
  const secondsPerTrip = 20 + a.floors * 1.5
  const months = (visits[0].getTime() - since.getTime()) / (30.44 * DAY)
  let trips = Math.round(a.trips * months * (0.75 + rnd() * 0.2))
  let hours = Math.round(a.hoursPerMonth ? a.hoursPerMonth * months * 0.9 : (trips * secondsPerTrip) / 3600)
  const out: Reading[] = []
  let prev: { trips: number; hours: number } | null = null
  for (const [i, readAt] of visits.entries()) {
    if (i > 0) {
      const days = (readAt.getTime() - visits[i - 1].getTime()) / DAY
      const summer = readAt.getUTCMonth() === 7 ? 0.7 : 1
      const made = Math.max(1, Math.round((a.trips * days) / 30.44 * summer * (0.85 + rnd() * 0.3)))
      trips += made
      hours += Math.max(1, Math.round(a.hoursPerMonth ? (a.hoursPerMonth * days) / 30.44 * summer * (0.9 + rnd() * 0.2) : (made * secondsPerTrip) / 3600))
    }
    const recordedBy = pick(rnd, technicians)
    out.push({ key: 'TRIPS', value: trips, previousValue: prev?.trips ?? null, readAt, recordedBy })
    out.push({ key: 'RUNNING_HOURS', value: hours, previousValue: prev?.hours ?? null, readAt, recordedBy })
    prev = { trips, hours }
  }
  return out
}

export interface FleetContext {
  now: Date
  /** 'site-key' and 'site-key/Zone name' → location id. */
  locationIds: Map<string, string>
  userIds: Map<string, string>
}

/** Returns the asset ids by reference. */
export async function seedDemoFleet(tx: Db, ctx: FleetContext): Promise<Map<string, string>> {
  const { now } = ctx
  const cats = await tx.select({ id: categories.id, kind: categories.kind, name: categories.name }).from(categories)
  const category = (kind: string, name: string) => {
    const c = cats.find((x) => x.kind === kind && x.name.toLowerCase() === name.toLowerCase())
    if (!c) throw new Error(`demo seed: the standard ${kind} category « ${name} » is missing`)
    return c.id
  }

  const assetRows: (typeof assets.$inferInsert)[] = []
  const componentRows: (typeof assetComponents.$inferInsert)[] = []
  const readingsByAsset = new Map<string, Reading[]>()
  for (const a of DEMO_FLEET) {
    const rnd = prng(a.ref)
    const id = uuidv7()
    const since = utcDay(a.since)
    const locationId = ctx.locationIds.get(a.at)
    if (!locationId) throw new Error(`demo seed: unknown location ${a.at}`)
    assetRows.push({
      id, reference: a.ref, brand: a.brand, model: a.model, serialNumber: serialNumber(rnd, a), commissionedAt: since,
      loadKg: a.loadKg, floors: a.floors, status: a.status ?? 'IN_SERVICE', categoryId: category('EQUIPMENT', EQUIPMENT[a.category]),
      locationId, underContract: !a.noContract, notes: a.notes ?? null,
      statusChangedAt: a.status ? new Date(now.getTime() - (a.statusDaysAgo ?? 1) * DAY) : null, createdAt: now, updatedAt: now,
    })
    for (const p of partsOf(rnd, a, since)) {
      componentRows.push({
        id: uuidv7(), assetId: id, typeId: category('COMPONENT_TYPE', COMPONENT[p.key]), brand: p.brand, model: p.model,
        serialNumber: p.serial, installedAt: p.installedAt, notes: p.notes ?? null, removedAt: p.removedAt ?? null, createdAt: now,
      })
    }
    const technicians = SITE_TECHNICIANS[a.at.split('/')[0]].map((k) => ctx.userIds.get(k)!)
    readingsByAsset.set(id, readingsOf(rnd, a, since, now, technicians))
  }

  await insertRows(tx, assets, assetRows)
  await insertRows(tx, assetComponents, componentRows)
  // Every asset's two default meters (what createDefaultMeters gives one asset), in one statement.
  await insertRows(tx, meters, assetRows.flatMap((a) => DEFAULT_METERS.map((m) => ({ id: uuidv7(), assetId: a.id, ...m, createdAt: now }))))

  const assetIds = assetRows.map((r) => r.id)
  const meterIds = new Map((await tx.select({ id: meters.id, assetId: meters.assetId, kind: meters.kind }).from(meters)
    .where(inArray(meters.assetId, assetIds))).map((m) => [`${m.assetId}/${m.kind}`, m.id]))
  const readingRows = [...readingsByAsset].flatMap(([assetId, rs]) => rs.map((r) => ({
    id: uuidv7(), meterId: meterIds.get(`${assetId}/${r.key}`)!, value: r.value, previousValue: r.previousValue,
    readAt: r.readAt, recordedBy: r.recordedBy, createdAt: r.readAt,
  })))
  await insertRows(tx, meterReadings, readingRows)
  // Each meter shows its last reading: the highest value, which is also the latest.
  await tx.execute(sql`
    UPDATE ${meters} SET last_value = r.value, last_read_at = r.read_at
    FROM (SELECT DISTINCT ON (meter_id) meter_id, value, read_at FROM ${meterReadings} ORDER BY meter_id, value DESC) r
    WHERE ${meters.id} = r.meter_id AND ${inArray(meters.assetId, assetIds)}`)
  return new Map(assetRows.map((a) => [a.reference, a.id]))
}
