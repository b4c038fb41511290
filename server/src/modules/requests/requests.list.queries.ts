// The request listing: triage order, filters and keyset pagination (SQL only).
import { and, asc, desc, eq, or, sql, type SQL } from 'drizzle-orm'
import { assets } from '../assets/assets.tables.ts'
import { locations } from '../locations/locations.tables.ts'
import { requests } from './requests.tables.ts'
import { opaque, prepared, rawRows } from '../../db/prepared.ts'
import { onlyOwnRecordsParam, ownerIdParam, siteIdsParam, withinSitesParam } from '../../db/scope.queries.ts'
import type { Scope } from '../../http/principal.ts'
import type { Db } from '../../platform/db.ts'
import { containsPattern } from '../assets/assets.list.queries.ts'
import { joinLocation, joinSite, site } from '../assets/assets.queries.ts'
import { requester, storedSummary } from './requests.queries.ts'
import type { RequestSource, RequestStatus } from './requests.schemas.ts'

export interface RequestFilter {
  status?: RequestStatus
  source?: RequestSource
  assetId?: string
  siteId?: string
  mine?: boolean
  q?: string
  /** Newest first within each group (trapped persons first either way); oldest first otherwise. */
  newest?: boolean
}

/** Where the previous page stopped: (personBlocked, createdAt to the microsecond, id). */
export type Keyset = [blocked: boolean, at: string, id: string]

// The creation instant to the microsecond (a Date would lose the last three digits and the
// cursor would skip or repeat rows created within one millisecond).
const sortAt = sql<string>`to_char(${requests.createdAt} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`
export const SORT_AT_PATTERN = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/

// The first page starts with the trapped persons, before the first of them.
const BEFORE_ALL: Keyset = [true, '-infinity', '00000000-0000-0000-0000-000000000000']
// The same, newest first: after the last instant.
const BEFORE_ALL_NEWEST: Keyset = [true, 'infinity', 'ffffffff-ffff-ffff-ffff-ffffffffffff']

/**
 * What a page's statement depends on: which scope conditions and filters apply, and whether
 * the page starts among the trapped persons. Each shape is its own prepared statement, with
 * exactly its conditions: a generic plan over optional ones ("$x IS NULL OR …") would lose the
 * index each of them needs (the owner's, the triage order).
 */
interface Shape {
  own: boolean
  sites: boolean
  status: boolean
  source: boolean
  assetId: boolean
  siteId: boolean
  mine: boolean
  q: boolean
  blocked: boolean
  newest: boolean
}

const p = (name: string) => sql.placeholder(name)

function conditions(s: Shape): SQL[] {
  const where: (SQL | undefined)[] = [
    s.own ? onlyOwnRecordsParam((userId) => sql`${requests.requestedBy} = ${userId}`) : undefined,
    s.sites ? withinSitesParam(site.id) : undefined,
    s.status ? sql`${requests.status} = ${p('status')}` : undefined,
    s.source ? sql`${requests.source} = ${p('source')}` : undefined,
    s.assetId ? sql`${requests.assetId} = ${p('assetId')}::uuid` : undefined,
    s.siteId ? sql`${site.id} = ${p('siteId')}::uuid` : undefined,
    s.mine ? sql`${requests.requestedBy} = ${p('userId')}::uuid` : undefined,
    s.q ? or(...[requests.reference, requests.description, assets.reference, requester.displayName, requests.contactName]
      .map((column) => sql`${column} ILIKE ${p('q')}`)) : undefined,
  ]
  return where.filter((w): w is SQL => w !== undefined)
}

/**
 * The ids of one "blocked" group's next rows in (createdAt, id) order: an equality on
 * person_blocked and a range on (created_at, id), which requests_triage_idx
 * (person_blocked DESC, created_at, id) serves in order, stopping at the page size. The asset,
 * its site and the requester are joined only for the conditions that read them.
 */
function groupIds(db: Db, s: Shape, blocked: boolean, fromKey: boolean) {
  let q = db.select({ id: requests.id, personBlocked: requests.personBlocked, createdAt: requests.createdAt }).from(requests).$dynamic()
  if (s.sites || s.siteId || s.q) q = q.innerJoin(assets, eq(assets.id, requests.assetId)).innerJoin(locations, joinLocation).innerJoin(site, joinSite)
  if (s.q) q = q.leftJoin(requester, eq(requester.id, requests.requestedBy))
  // The group is part of the statement's text (each shape is its own statement), and the page
  // size `opaque`: as parameters the planner read, PostgreSQL planned at every call.
  return q.where(and(...conditions(s), sql`${requests.personBlocked} = ${sql.raw(blocked ? 'true' : 'false')}`,
    fromKey ? sql`(${requests.createdAt}, ${requests.id}) ${sql.raw(s.newest ? '<' : '>')} (${p('afterAt')}::timestamptz, ${p('afterId')}::uuid)` : undefined))
    // Newest first: the same index ranges read backwards (requests_triage_idx, and
    // requests_status_triage_idx for one state, migration 0012).
    .orderBy(...(s.newest ? [desc(requests.createdAt), desc(requests.id)] : [asc(requests.createdAt), asc(requests.id)]))
    .limit(opaque('limit', 'int'))
}

/**
 * One page's statement: the page's ids are the rest of the current "blocked" group and, after
 * the trapped persons, the first of the others (two index ranges, each cut at the page size),
 * merged by their keys and cut to the page before any row is read (the keys come from the
 * index alone); only those rows are read. The order mixes directions, so no single index
 * range reads it.
 */
function buildPage(db: Db, s: Shape, name: string) {
  const ids = s.blocked
    ? sql`${groupIds(db, s, true, true)} UNION ALL ${groupIds(db, s, false, false)}`
    : sql`${groupIds(db, s, false, true)}`
  const dir = sql.raw(s.newest ? 'DESC' : 'ASC')
  const pageIds = sql`SELECT k.id FROM (${ids}) k ORDER BY k.person_blocked DESC, k.created_at ${dir}, k.id ${dir} LIMIT ${opaque('limit', 'int')}`
  return db.select(listedFields).from(requests)
    .where(sql`${requests.id} = ANY(ARRAY(${pageIds}))`)
    .orderBy(desc(requests.personBlocked), ...(s.newest ? [desc(requests.createdAt), desc(requests.id)] : [asc(requests.createdAt), asc(requests.id)]))
    .limit(opaque('limit', 'int'))
    .prepare(name)
}

const statements = new Map<string, (db: Db) => ReturnType<typeof buildPage>>()

function statementFor(s: Shape) {
  const key = Object.values(s).map((on) => (on ? '1' : '0')).join('')
  let statement = statements.get(key)
  if (!statement) {
    const name = `requests_page_${key}`
    statements.set(key, statement = prepared((db) => buildPage(db, s, name)))
  }
  return statement
}

/**
 * A listed request: its summary as JSON text (sent as it is, the caller's abilities added to
 * it), what those abilities depend on, and its sort key for the next page's cursor.
 */
// Aliased to their keys: the page is read as the driver gives it (`rawRows`).
const listedFields = {
  row: storedSummary.as('row'),
  status: sql<RequestStatus>`${requests.status}`.as('status'),
  personBlocked: sql<boolean>`${requests.personBlocked}`.as('personBlocked'),
  id: sql<string>`${requests.id}`.as('id'),
  sortAt: sortAt.as('sortAt'),
}
export type ListedRequest = { row: string; status: RequestStatus; personBlocked: boolean; id: string; sortAt: string }

/** One page after `after` in triage order, plus one row more to tell whether another follows. */
export async function listRequestsPage(db: Db, scope: Scope, f: RequestFilter, page: { limit: number; after?: Keyset }): Promise<ListedRequest[]> {
  const newest = f.newest === true
  const [blocked, afterAt, afterId] = page.after ?? (newest ? BEFORE_ALL_NEWEST : BEFORE_ALL)
  const shape: Shape = {
    own: !scope.viewOther, sites: scope.siteIds !== null,
    status: f.status !== undefined, source: f.source !== undefined, assetId: f.assetId !== undefined,
    siteId: f.siteId !== undefined, mine: f.mine === true, q: f.q !== undefined, blocked, newest,
  }
  return rawRows<ListedRequest>(statementFor(shape)(db), {
    ownerId: ownerIdParam(scope), siteIds: siteIdsParam(scope), userId: scope.userId,
    status: f.status, source: f.source, assetId: f.assetId, siteId: f.siteId, q: f.q === undefined ? undefined : containsPattern(f.q),
    afterAt, afterId, limit: page.limit + 1,
  })
}
