// What the demo's planners (demo-grids.ts, demo-correctives.ts, demo-current.ts,
// demo-requests.ts) read, apart from demo-operations.ts, which builds it and runs them.
import type { ReportField } from '../modules/reference-values/reference-values.fields.ts'

/** What the planners read: the seeding instant and the ids of what is already seeded. */
export interface OpsContext {
  now: Date
  asset(ref: string): string
  /** The site key of an asset. */
  siteOf(ref: string): string
  user(key: string): string
  guardian(site: string): string
  /** The Demandeur assigned to that site, if any. */
  siteRequester(site: string): string | null
  value(field: ReportField, label: string): string
  /** Active task templates, in checklist order. */
  tasks: { id: string; label: string; periodicityMonths: number }[]
}
