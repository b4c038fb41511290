// What the store holds after a fault, against what the clients were told: every write
// answered 2xx is there, nothing is half there (a comment with its COMMENTED event or neither,
// a part's quantity the sum of its ledger, a meter's last value its highest reading, a work
// order's state the target of its last STATUS_CHANGED event), and nothing refused is there.
import assert from 'node:assert/strict'
import type pg from 'pg'
import type { Outcome } from './load.ts'

export interface StoredReport { acknowledged: number; unknownStored: number; unknownAbsent: number }

const rows = async <T>(c: pg.Client, text: string): Promise<T[]> => (await c.query(text)).rows as T[]

export async function checkStored(store: pg.Client, outcomes: Outcome[]): Promise<StoredReport> {
  const comments = await rows<{ body: string; events: number }>(store, `
    SELECT c.body, (SELECT count(*)::int FROM work_order_events e WHERE e.kind = 'COMMENTED' AND e.payload->>'commentId' = c.id::text) AS events
    FROM work_order_comments c`)
  assert.deepEqual(comments.filter((c) => c.events !== 1), [], 'every comment has exactly one COMMENTED event')
  const orphans = await rows<{ n: number }>(store, `
    SELECT count(*)::int AS n FROM work_order_events e WHERE e.kind = 'COMMENTED'
    AND NOT EXISTS (SELECT 1 FROM work_order_comments c WHERE c.id::text = e.payload->>'commentId')`)
  assert.equal(orphans[0].n, 0, 'no COMMENTED event without its comment')

  const ledger = await rows<{ id: string; quantity: number; sum: number }>(store, `
    SELECT p.id, p.quantity, coalesce((SELECT sum(m.quantity)::int FROM stock_movements m WHERE m.part_id = p.id), 0) AS sum FROM parts p`)
  assert.deepEqual(ledger.filter((p) => p.quantity !== p.sum), [], "each part's quantity is the sum of its ledger")

  const meters = await rows<{ id: string; last: string | null; max: string | null }>(store, `
    SELECT m.id, m.last_value::text AS last, (SELECT max(r.value)::text FROM meter_readings r WHERE r.meter_id = m.id) AS max FROM meters m`)
  assert.deepEqual(meters.filter((m) => m.last !== m.max), [], "each meter's last value is its highest reading")

  const orders = await rows<{ id: string; status: string; last: string | null }>(store, `
    SELECT w.id, w.status, (SELECT e.payload->>'to' FROM work_order_events e WHERE e.work_order_id = w.id AND e.kind = 'STATUS_CHANGED'
      ORDER BY e.at DESC, e.id DESC LIMIT 1) AS last FROM work_orders w`)
  assert.deepEqual(orders.filter((o) => o.last !== null && o.last !== o.status), [], "each order's state is the target of its last STATUS_CHANGED event")

  // The marks of what is stored, by kind.
  const stored = {
    comment: new Set(comments.map((c) => c.body)),
    stock: new Set((await rows<{ reason: string }>(store, `SELECT reason FROM stock_movements WHERE reason IS NOT NULL`)).map((r) => r.reason)),
    reading: new Set((await rows<{ k: string }>(store, `SELECT meter_id::text || ':' || value::text AS k FROM meter_readings`)).map((r) => r.k)),
    transition: new Set((await rows<{ reason: string }>(store, `SELECT payload->>'reason' AS reason FROM work_order_events WHERE kind = 'STATUS_CHANGED'`)).map((r) => r.reason)),
  } as Record<string, Set<string>>
  const writes = outcomes.filter((o) => o.tag !== undefined && stored[o.kind])
  const missing = writes.filter((o) => o.status >= 200 && o.status < 300 && !stored[o.kind].has(o.tag!))
  assert.deepEqual(missing, [], 'every write answered 2xx is stored')
  const refusedButStored = writes.filter((o) => o.status >= 400 && o.status < 500 && stored[o.kind].has(o.tag!))
  assert.deepEqual(refusedButStored, [], 'no write refused with a 4xx is stored')
  const unknown = writes.filter((o) => o.status === -1 || o.status >= 500)
  const unknownStored = unknown.filter((o) => stored[o.kind].has(o.tag!)).length
  return { acknowledged: writes.length - unknown.length, unknownStored, unknownAbsent: unknown.length - unknownStored }
}
