// The bench's working day (issue 16): rather than one caller hammering one URL, every
// technician, dispatcher and Demandeur of the store reads their own pages and details, as the
// web client asks for them (its page sizes), while writes arrive at a steady rate (comments,
// transitions, meter readings) and make the kept answers go stale the way a real day does.
// The reads are written to a file that each load connection reads (working-day-client.cjs),
// in its own order from its own place, so that the callers do not walk in step.
import { writeFileSync } from 'node:fs'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import type { Db } from '../src/platform/db.ts'

export interface WorkingDay {
  /** The reads, for the load connections (PALIER_WORKING_DAY_FILE). */
  file: string
  callers: number
  reads: number
  startWrites(): void
  /** Stops the writes; how many were made and how many were refused. */
  stopWrites(): Promise<{ writes: number; refused: string[] }>
}

interface Opts { db: Db; issue(userId: string): string; base: string; dir: string; writesPerSecond: number }

const rows = async <T>(db: Db, query: ReturnType<typeof sql>) => ((await db.execute(query)) as unknown as { rows: T[] }).rows
const ACTIVE = sql`u.activated_at IS NOT NULL AND u.disabled_at IS NULL`

export async function prepareWorkingDay(o: Opts): Promise<WorkingDay> {
  // Technicians: their own list, their latest order and its elevator.
  const technicians = await rows<{ id: string; order_id: string | null; asset_id: string | null }>(o.db, sql`
    SELECT u.id, w.id AS order_id, w.asset_id FROM users u JOIN roles r ON r.id = u.role_id
    LEFT JOIN LATERAL (SELECT w.id, w.asset_id FROM work_order_assignees wa JOIN work_orders w ON w.id = wa.work_order_id
      WHERE wa.user_id = u.id ORDER BY wa.order_created_at DESC LIMIT 1) w ON true
    WHERE r.name IN ('Technicien', 'Technicien limité') AND ${ACTIVE}`)
  const dispatchers = await rows<{ id: string }>(o.db, sql`SELECT u.id FROM users u JOIN roles r ON r.id = u.role_id WHERE r.name = 'Dispatcher' AND ${ACTIVE}`)
  // Demandeurs: their requests and an elevator of their site.
  const requesters = await rows<{ id: string; asset_id: string | null }>(o.db, sql`
    SELECT u.id, (SELECT a.id FROM user_sites us JOIN locations l ON coalesce(l.parent_id, l.id) = us.location_id
      JOIN assets a ON a.location_id = l.id WHERE us.user_id = u.id ORDER BY a.reference LIMIT 1) AS asset_id
    FROM users u JOIN roles r ON r.id = u.role_id WHERE r.name = 'Demandeur' AND ${ACTIVE}`)
  const live = await rows<{ id: string; status: string }>(o.db, sql`
    SELECT id, status FROM work_orders WHERE status IN ('OPEN', 'IN_PROGRESS', 'ON_HOLD') ORDER BY created_at DESC LIMIT 200`)
  // Any live order will do: the dispatchers' details and the comments go round them (the demo
  // data holds 17).
  if (!technicians.length || !dispatchers.length || !requesters.length || !live.length) {
    throw new Error('the working day needs technicians, dispatchers, Demandeurs and open orders (the demo data or the scale dataset)')
  }

  const reads: { method: 'GET'; path: string; headers: Record<string, string> }[] = []
  const read = (userId: string, ...paths: (string | null)[]) => {
    const headers = { authorization: `Bearer ${o.issue(userId)}` }
    for (const p of paths) if (p) reads.push({ method: 'GET', path: p, headers })
  }
  for (const t of technicians) {
    read(t.id, '/api/work-orders?mine=true&limit=30', t.order_id && `/api/work-orders/${t.order_id}`, t.asset_id && `/api/assets/${t.asset_id}`)
  }
  dispatchers.forEach((d, i) => read(d.id, '/api/work-orders?limit=30', '/api/work-orders?status=OPEN&limit=30', '/api/requests?status=PENDING',
    `/api/work-orders/${live[i % live.length].id}`, `/api/work-orders/${live[(i + 7) % live.length].id}`))
  for (const r of requesters) read(r.id, '/api/requests', r.asset_id && `/api/assets/${r.asset_id}`)
  const file = path.join(o.dir, 'working-day.json')
  writeFileSync(file, JSON.stringify(reads))

  // Writes: a comment, a move between « En cours » and « En attente », a meter reading, in turn.
  const meters = await rows<{ id: string; asset_id: string; last: string }>(o.db, sql`
    SELECT m.id, m.asset_id, coalesce((SELECT max(r.value) FROM meter_readings r WHERE r.meter_id = m.id), 0)::text AS last
    FROM meters m ORDER BY m.id LIMIT 50`)
  const dispatcher = o.issue(dispatchers[0].id)
  const technician = o.issue(technicians[0].id)
  const moving = live.filter((w) => w.status === 'IN_PROGRESS').slice(0, 20)
  const onHold = new Set<string>()
  const lastValue = new Map(meters.map((m) => [m.id, BigInt(m.last)]))
  let n = 0
  let busy: Promise<void> | null = null
  let timer: NodeJS.Timeout | null = null
  const refused: string[] = []
  const post = async (token: string, url: string, body: unknown) => {
    const res = await fetch(o.base + url, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify(body) })
    if (res.status >= 300) refused.push(`${url} ${res.status} ${(await res.text()).slice(0, 200)}`)
    else await res.arrayBuffer()
  }
  const write = async () => {
    const k = n++
    if (k % 3 === 0) return post(dispatcher, `/api/work-orders/${live[k % live.length].id}/comments`, { body: 'Gardien rappelé : accès au local machine confirmé pour demain matin.' })
    if (k % 3 === 1 && moving.length) {
      const w = moving[k % moving.length]
      const to = onHold.has(w.id) ? 'IN_PROGRESS' : 'ON_HOLD'
      if (to === 'ON_HOLD') onHold.add(w.id); else onHold.delete(w.id)
      return post(dispatcher, `/api/work-orders/${w.id}/transition`, { to, ...(to === 'ON_HOLD' ? { reason: 'En attente de pièce' } : {}) })
    }
    const m = meters[k % meters.length]
    const value = lastValue.get(m.id)! + 1n
    lastValue.set(m.id, value)
    return post(technician, `/api/assets/${m.asset_id}/meter-readings`, { meterId: m.id, value: Number(value) })
  }
  return {
    file, callers: technicians.length + dispatchers.length + requesters.length, reads: reads.length,
    startWrites() {
      // One write at a time, at the given rate: a slow one delays the next, never piles up.
      timer = setInterval(() => { if (!busy) busy = write().finally(() => { busy = null }) }, 1000 / o.writesPerSecond)
    },
    async stopWrites() {
      if (timer) clearInterval(timer)
      await busy
      return { writes: n, refused }
    },
  }
}
