// Records a breakdown's times inside upsertWorkOrderReport's transaction, the order's row
// locked (docs/work-orders.md, "Breakdown times"): the rules in work-orders.times-rules.ts,
// the first record decided by the UPDATE, every change logged with the value it replaced.
import { uuidv7 } from 'uuidv7'
import { conflict } from '../../http/errors.ts'
import type { Caller } from '../../http/caller.ts'
import type { Db } from '../../platform/db.ts'
import * as q from './work-orders.queries.ts'
import { isClosed } from './work-orders.states.ts'
import { mayCorrectTimes, planTimes, type BreakdownTimeField, type TimesInput } from './work-orders.times-rules.ts'
import { callReceivedAt, writeTimes } from './work-orders.times.queries.ts'

export async function recordTimes(tx: Db, caller: Caller, order: q.LockedOrder, input: TimesInput, now: Date): Promise<void> {
  const changes = planTimes({
    type: order.type,
    personBlocked: order.personBlocked,
    closed: isClosed(order.status),
    callAt: order.type === 'CORRECTIVE' ? await callReceivedAt(tx, order.id) : order.createdAt,
    current: { arrivedAt: order.arrivedAt, releasedAt: order.releasedAt, leftAt: order.leftAt },
  }, input, now, mayCorrectTimes(caller))
  if (!changes.length) return
  const set: Partial<Record<BreakdownTimeField, Date | null>> = Object.fromEntries(changes.map((c) => [c.field, c.to]))
  const firstOnly = input.correction ? [] : changes.map((c) => c.field)
  if (!(await writeTimes(tx, order.id, set, firstOnly, now))) {
    throw conflict('BREAKDOWN_TIME_SET', undefined, firstOnly.map((f) => ({ field: `times.${f}`, message: 'déjà enregistrée' })))
  }
  await q.insertEvents(tx, [{
    id: uuidv7(), workOrderId: order.id, kind: 'TIMES_RECORDED', actorId: caller.principal.id, at: now,
    payload: { times: changes.map((c) => ({ field: c.field, from: c.from?.toISOString() ?? null, to: c.to?.toISOString() ?? null })) },
  }])
}
