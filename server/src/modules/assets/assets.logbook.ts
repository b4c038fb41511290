// The carnet d'entretien of one elevator for a period, and the summary the owner's annual
// report is made of (docs/compliance.md). Read only for an elevator the caller may read:
// AssetsService.get checks the scope first.
import { badRequest } from '../../http/errors.ts'
import type { Static } from '../../http/schema-kit.ts'
import type { Db } from '../../platform/db.ts'
import * as q from './assets.logbook.queries.ts'
import { logbookCompliance, type LogbookComplianceJson } from './assets.logbook-compliance.queries.ts'
import {
  MAIN_CAUSES, MAX_LOGBOOK_ENTRIES, MAX_PERIOD_DAYS, RELEASE_TARGET_MINUTES,
  type AssetQuery, type Logbook, type LogbookEntry,
} from './assets.logbook.schemas.ts'
import { VISIT_INTERVAL_DAYS } from './assets.visits.queries.ts'

const DAY_MS = 86_400_000
// Built by the database as JSON: its times are ISO text.
type Entry = Static<typeof LogbookEntry> & { completedAt: string }
export interface Period { from: string; to: string; start: Date; end: Date }

const invalidPeriod = (field: 'from' | 'to', message: string) => badRequest('INVALID_PERIOD', undefined, [{ field, message }])
const dayOf = (iso: string) => Date.UTC(+iso.slice(0, 4), +iso.slice(5, 7) - 1, +iso.slice(8, 10))

/**
 * The period asked for, or null when none (the plain detail). Both ends or neither; `to` not
 * before `from`; at most MAX_PERIOD_DAYS days, both ends included. Days are UTC calendar days.
 */
export function periodOf(query: Static<typeof AssetQuery>): Period | null {
  const { from, to } = query
  if (from === undefined && to === undefined) return null
  if (from === undefined) throw invalidPeriod('from', 'indiquez aussi le premier jour de la période')
  if (to === undefined) throw invalidPeriod('to', 'indiquez aussi le dernier jour de la période')
  const start = dayOf(from)
  const last = dayOf(to)
  // Ajv's "date" format already refuses impossible days; this keeps the arithmetic honest.
  if (Number.isNaN(start)) throw invalidPeriod('from', 'date invalide')
  if (Number.isNaN(last)) throw invalidPeriod('to', 'date invalide')
  if (last < start) throw invalidPeriod('to', 'le dernier jour précède le premier')
  if ((last - start) / DAY_MS + 1 > MAX_PERIOD_DAYS) throw invalidPeriod('to', `une période couvre au plus ${MAX_PERIOD_DAYS} jours`)
  return { from, to, start: new Date(start), end: new Date(last + DAY_MS) }
}

/** The carnet and its summary; `underContract` decides whether visits were owed. */
export async function logbookOf(db: Db, assetId: string, period: Period, underContract: boolean, now: Date): Promise<Static<typeof Logbook>> {
  const rows = await q.logbookEntries(db, assetId, period.start, period.end, MAX_LOGBOOK_ENTRIES + 1)
  if (rows.length > MAX_LOGBOOK_ENTRIES) throw invalidPeriod('to', `plus de ${MAX_LOGBOOK_ENTRIES} interventions : choisissez une période plus courte`)
  const entries = rows.map((r) => JSON.parse(r.entry) as Entry)
  const visitBefore = await q.visitBefore(db, assetId, period.start)
  // The state "at the period's end": its last instant, or now for a period still running.
  const asOf = new Date(Math.min(period.end.getTime() - 1, now.getTime()))
  const record = await logbookCompliance(db, assetId, period.start, period.end, asOf)
  const breakdowns = entries.filter((e) => e.kind === 'BREAKDOWN')
  const trapped = entries.filter((e) => e.personBlocked)
  const releases = trapped.map((e) => ({
    workOrderId: e.workOrderId, reference: e.reference, callReceivedAt: e.callReceivedAt, releasedAt: e.releasedAt, releaseDelayMinutes: e.releaseDelayMinutes,
  }))
  // The period as far as it has happened: nothing is owed, nor a gap counted, after today.
  const today = Math.floor(now.getTime() / DAY_MS) * DAY_MS
  const lastDay = Math.min(period.end.getTime() - DAY_MS, today)
  const elapsedDays = lastDay >= period.start.getTime() ? (lastDay - period.start.getTime()) / DAY_MS + 1 : 0
  return {
    from: period.from,
    to: period.to,
    entries,
    periodicOperations: record.operationsDone,
    inspections: record.inspections,
    summary: {
      visitsDone: entries.filter((e) => e.kind === 'VISIT').length,
      visitsDue: underContract ? Math.ceil(elapsedDays / VISIT_INTERVAL_DAYS) : null,
      longestVisitGapDays: elapsedDays ? longestGap(visitBefore, entries, period.start.getTime(), lastDay) : null,
      breakdowns: breakdowns.length,
      callbacks: breakdowns.filter((e) => e.callbackOf !== null).length,
      controls: entries.filter((e) => e.kind === 'CONTROL').length,
      trappedIncidents: trapped.length,
      releasesOverOneHour: releases.filter((r) => r.releaseDelayMinutes === null || r.releaseDelayMinutes >= RELEASE_TARGET_MINUTES).length,
      releases,
      partsReplaced: rows.reduce((n, r) => n + r.partsCount, 0),
      mainCauses: mainCauses(rows),
      ...complianceSummary(record),
    },
  }
}

/**
 * The longest stretch in days between consecutive visits: from the last visit before the
 * period (else its first day) through each visit of the period to its last day (or today).
 */
function longestGap(visitBefore: string | null, entries: Entry[], periodStart: number, lastDay: number): number {
  const marks = [visitBefore ? Date.parse(visitBefore) : periodStart,
    ...entries.filter((e) => e.kind === 'VISIT').map((e) => Date.parse(e.completedAt)), lastDay]
  let longest = 0
  for (let i = 1; i < marks.length; i++) longest = Math.max(longest, calendarDays(marks[i - 1], marks[i]))
  return longest
}

const calendarDays = (a: number, b: number) => Math.max(0, Math.floor(b / DAY_MS) - Math.floor(a / DAY_MS))

/** Operations done per task and their state at the period's end; the inspection; findings. */
function complianceSummary(r: LogbookComplianceJson) {
  const done = new Map<string, number>()
  for (const o of r.operationsDone) done.set(o.taskTemplateId, (done.get(o.taskTemplateId) ?? 0) + 1)
  const periodicOperations = r.operationsAtEnd.map((o) => ({
    taskTemplateId: o.taskTemplateId, label: o.label, periodicityMonths: o.periodicityMonths,
    doneCount: done.get(o.taskTemplateId) ?? 0, lastDoneAt: o.lastDoneAt, nextDueAt: o.nextDueAt, state: o.state,
  }))
  // A task done in the period but since taken out of the programme (inactive): still counted.
  const listed = new Set(periodicOperations.map((o) => o.taskTemplateId))
  for (const o of r.operationsDone) {
    if (listed.has(o.taskTemplateId)) continue
    listed.add(o.taskTemplateId)
    const last = r.operationsDone.filter((x) => x.taskTemplateId === o.taskTemplateId).at(-1)!
    periodicOperations.push({
      taskTemplateId: o.taskTemplateId, label: o.label, periodicityMonths: o.periodicityMonths,
      doneCount: done.get(o.taskTemplateId)!, lastDoneAt: last.doneAt, nextDueAt: null, state: null,
    })
  }
  return {
    periodicOperations,
    periodicOperationsOverdue: periodicOperations.filter((o) => o.state === 'OVERDUE').length,
    inspection: r.inspectionAtEnd,
    findingsOpen: r.findingsOpen,
    findingsRemedied: r.findingsRemedied,
  }
}

function mainCauses(rows: q.LogbookRow[]) {
  const counts = new Map<string, number>()
  for (const r of rows) if (r.kind === 'BREAKDOWN' && r.causeLabel) counts.set(r.causeLabel, (counts.get(r.causeLabel) ?? 0) + 1)
  return [...counts].map(([label, count]) => ({ label, count }))
    .sort((a, b) => b.count - a.count || a.label.localeCompare(b.label, 'fr'))
    .slice(0, MAIN_CAUSES)
}
