// Every TanStack Query key of the client, named in one place. The keys of API reads have
// openapi-react-query's shape, [method, path, init], so that these and the keys `$api.useQuery`
// builds itself agree. A key is matched by prefix, element by element: ['get', '/work-orders']
// is every read of the work-order lists whatever their filters (plain, pages, first page), and
// nothing of '/work-orders/{id}'. What each write refreshes is named in write-refreshes.ts.
import type { paths } from './schema'

export type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete'
/** The addresses of the contract that answer `method`. */
export type PathWith<M extends HttpMethod> = { [P in keyof paths]: paths[P][M] extends { responses: unknown } ? P : never }[keyof paths]
export type ReadPath = PathWith<'get'>
/** A GET's options as `$api` and `client.GET` take them (`{ params: { path?, query? } }`). */
export type ReadParams<P extends ReadPath> = {
  path?: NonNullable<paths[P]['get']['parameters']['path']>
  query?: NonNullable<paths[P]['get']['parameters']['query']>
}

/** Every read of one address, whatever its parameters and shape: what a write invalidates. */
const family = <P extends ReadPath>(path: P) => ['get', path] as const
/** Exactly the key of `$api.useQuery('get', path, init)`, for reading or replacing its data. */
const read = <P extends ReadPath>(path: P, params: ReadParams<P>) => ['get', path, { params }] as const
const byId = <P extends ReadPath>(path: P) => (id: string) => ['get', path, { params: { path: { id } } }] as const

export const queryKeys = {
  /**
   * The pages of a listing read with its Link header (cursor-list.ts): the fourth element keeps
   * their shape apart from a plain `$api` query on the same address.
   */
  cursorPages: <P extends ReadPath>(path: P, params: ReadParams<P>) => [...read(path, params), 'pages'] as const,
  /** A listing's first page with whether more follow (`{ items, hasMore }`). */
  firstPage: <P extends ReadPath>(path: P, params: ReadParams<P>) => [...read(path, params), 'first-page'] as const,
  /** Every page of a listing read to its end (capped) as one list. */
  allPages: <P extends ReadPath>(path: P, params: ReadParams<P>) => [...read(path, params), 'all-pages'] as const,

  analytics: { summary: family('/analytics/summary') },
  assets: {
    lists: family('/assets'),
    details: family('/assets/{id}'),
    meters: byId('/assets/{id}/meters'),
    options: family('/assets/options'),
  },
  categories: { all: family('/categories') },
  documents: { lists: family('/documents') },
  locations: { all: family('/locations') },
  partners: { all: family('/partners') },
  parts: {
    lists: family('/parts'),
    details: family('/parts/{id}'),
    /** The parts kept on the phone for the offline picker (features/work-orders' KEPT_PARTS_QUERY). */
    kept: read('/parts', { query: { limit: 200 } }),
  },
  preventive: { status: family('/preventive/status'), templates: family('/preventive/templates') },
  purchaseOrders: { lists: family('/purchase-orders'), details: family('/purchase-orders/{id}') },
  referenceValues: { all: family('/reference-values') },
  requests: { lists: family('/requests') },
  roles: { all: family('/roles') },
  teams: { all: family('/teams') },
  users: {
    all: family('/users'),
    /** getMe with the features its header names (lib/auth/use-me.ts): another shape than `$api`'s. */
    me: ['get', '/users/me', {}, 'features'] as const,
  },
  workOrders: { lists: family('/work-orders'), detail: byId('/work-orders/{id}') },
  /** The public portal's reads go through the client without a token: keys of their own. */
  portal: {
    asset: (reference: string) => ['portal', 'asset', reference] as const,
    status: (reference: string, token: string) => ['portal', 'status', reference, token] as const,
  },
}
