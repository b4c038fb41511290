// The summary's monthly series shaped for the charts (one row per month, oldest first, the
// month as its short French label) and the totals written under them.
import type { Schemas } from '@/lib/api/client'
import { monthLong, monthShort } from './format'

export type Summary = Schemas['AnalyticsSummary']
type Monthly = Summary['monthly'][number]
type Grid = Summary['preventive'][number]

/** `month`: the axis label (« nov. 26 »); `name`: the month in full, for tables. */
interface MonthRow { month: string; name: string }
export interface TypeRow extends MonthRow { corrective: number; preventive: number }
/** `labor` null: the caller may not see pay (the API withholds labour costs). */
export interface CostRow extends MonthRow { parts: number; labor: number | null }
export interface GridRow extends MonthRow { generated: number; completed: number; late: number }

const label = (month: string): MonthRow => ({ month: monthShort(month), name: monthLong(month) })

export function ordersRows(monthly: Monthly[], which: 'opened' | 'closed'): TypeRow[] {
  return monthly.map((m) => ({ ...label(m.month), ...m[which] }))
}

export function costRows(monthly: Monthly[]): CostRow[] {
  return monthly.map((m) => ({ ...label(m.month), parts: m.partsCostCents, labor: m.laborCostCents }))
}

/** Whether the API showed labour costs: it withholds them (null) from callers who may not see pay. */
export function laborShown(monthly: Monthly[]): boolean {
  return monthly.every((m) => m.laborCostCents !== null)
}

export function gridRows(preventive: Grid[]): GridRow[] {
  return preventive.map((g) => ({ ...label(g.month), generated: g.generated, completed: g.completed, late: g.late }))
}

/** Sums of the numeric fields of the rows (the period's totals). */
export function totals<R, K extends keyof R>(rows: R[], keys: K[]): Record<K, number> {
  const sum = {} as Record<K, number>
  for (const k of keys) sum[k] = rows.reduce<number>((s, r) => s + Number(r[k]), 0)
  return sum
}

/** Nothing to draw: every listed field of every row is zero. */
export function isEmpty<R, K extends keyof R>(rows: R[], keys: K[]): boolean {
  return rows.every((r) => keys.every((k) => Number(r[k]) === 0))
}
