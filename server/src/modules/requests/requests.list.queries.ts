// The request listing: triage order, filters and keyset pagination (SQL only).
import { and, asc, desc, eq, or, sql, type SQL } from 'drizzle-orm'
import { assets, requests } from '../../db/schema.ts'
import { prepared } from '../../db/prepared.ts'
import { ownerIdParam, ownRecordsParam, siteIdsParam, withinSitesParam } from '../../db/scope.queries.ts'
import type { Scope } from '../../http/principal.ts'
import type { Db } from '../../platform/db.ts'
import { containsPattern } from '../assets/assets.list.queries.ts'
import { site } from '../assets/assets.queries.ts'
import { requester, requestsInScope, selectSummaries, type RequestRow } from './requests.queries.ts'
import type { RequestSource, RequestStatus } from './requests.schemas.ts'

export interface RequestFilter {
  status?: RequestStatus
  source?: RequestSource
  assetId?: string
  siteId?: string
  mine?: boolean
  q?: string
}

/** Where the previous page stopped: (personBlocked, createdAt to the microsecond, id). */
export type Keyset = [blocked: boolean, at: string, id: string]

// The creation instant to the microsecond (a Date would lose the last three digits and the
// cursor would skip or repeat rows created within one millisecond).
const sortAt = sql<string>`to_char(${requests.createdAt} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`
export const SORT_AT_PATTERN = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/

// Trapped persons first, then the longest waiting: the order of requests_triage_idx.
const triage = [desc(requests.personBlocked), asc(requests.createdAt), asc(requests.id)]

/**
 * Rows after (blocked, at, id) in triage order: the rest of the same "blocked" group after
 * (at, id), then, after the trapped-person group, every other request.
 */
function after(blocked: unknown, at: unknown, id: unknown): SQL {
  return or(
    and(sql`${requests.personBlocked} = ${blocked}`, sql`(${requests.createdAt}, ${requests.id}) > (${at}::timestamptz, ${id}::uuid)`),
    sql`(${blocked}::boolean AND NOT ${requests.personBlocked})`,
  )!
}

// The first page starts before every row: the trapped-person group, from the dawn of time.
const BEFORE_ALL: Keyset = [true, '-infinity', '00000000-0000-0000-0000-000000000000']

// The listing as it opens (scope only) is prepared: constant text, the caller's scope and the
// keyset as parameters. Filtered pages are built per call, each planned for its filters.
const pageStatement = prepared((db) => selectSummaries(db, { sortAt })
  .where(and(
    ownRecordsParam((userId) => sql`${requests.requestedBy} = ${userId}`),
    withinSitesParam(site.id),
    after(sql.placeholder('afterBlocked'), sql.placeholder('afterAt'), sql.placeholder('afterId')),
  ))
  .orderBy(...triage)
  .limit(sql.placeholder('limit'))
  .prepare('requests_page'))

const noFilter = (f: RequestFilter) => Object.values(f).every((v) => v === undefined)

function conditions(scope: Scope, f: RequestFilter): SQL[] {
  const where: (SQL | undefined)[] = [requestsInScope(scope)]
  if (f.status) where.push(eq(requests.status, f.status))
  if (f.source) where.push(eq(requests.source, f.source))
  if (f.assetId) where.push(eq(requests.assetId, f.assetId))
  if (f.siteId) where.push(eq(site.id, f.siteId))
  if (f.mine) where.push(eq(requests.requestedBy, scope.userId))
  if (f.q) {
    const p = containsPattern(f.q)
    where.push(or(
      sql`${requests.reference} ILIKE ${p}`, sql`${requests.description} ILIKE ${p}`, sql`${assets.reference} ILIKE ${p}`,
      sql`${requester.displayName} ILIKE ${p}`, sql`${requests.contactName} ILIKE ${p}`,
    ))
  }
  return where.filter((w): w is SQL => w !== undefined)
}

export type ListedRequest = { item: RequestRow; sortAt: string }

/** One page after `after` in triage order, plus one row more to tell whether another follows. */
export async function listRequestsPage(db: Db, scope: Scope, f: RequestFilter, page: { limit: number; after?: Keyset }): Promise<ListedRequest[]> {
  const [afterBlocked, afterAt, afterId] = page.after ?? BEFORE_ALL
  if (noFilter(f)) {
    return pageStatement(db).execute({ ownerId: ownerIdParam(scope), siteIds: siteIdsParam(scope), afterBlocked, afterAt, afterId, limit: page.limit + 1 })
  }
  return selectSummaries(db, { sortAt })
    .where(and(...conditions(scope, f), after(afterBlocked, afterAt, afterId)))
    .orderBy(...triage)
    .limit(page.limit + 1)
}
