// What each write of the contract makes stale on screen: the read families (query-keys.ts) to
// invalidate once it has succeeded. Every write operation is listed (the type fails when the
// contract gains one), so that deciding what it refreshes is part of adding it; `useWrite`
// (use-write.ts) and `useRefreshAfter` read this map, nothing else names keys to invalidate.
// An answer that replaces a cached record (a work order's detail, an asset's meters) is stored by
// the screen's own hook; the map names only what must be read again.
import { queryKeys as k, type PathWith } from './query-keys'

export type WriteMethod = 'post' | 'put' | 'patch' | 'delete'
export type Write = { [M in WriteMethod]: `${M} ${PathWith<M>}` }[WriteMethod]

// A person changes teams' member lists, and a team its members' teams: both families.
const people = [k.users.all, k.teams.all]
// An asset's page, the lists, and the sites' asset counts.
const assets = [k.assets.lists, k.assets.details, k.locations.all]
// A request's lists, and the orders an approval creates.
const requests = [k.requests.lists, k.workOrders.lists]
const parts = [k.parts.lists, k.parts.details]

export const writeRefreshes = {
  'post /assets': assets,
  'patch /assets/{id}': assets,
  'post /assets/{id}/components': assets,
  'delete /assets/{id}/components/{componentId}': assets,
  // The answer is the asset's meters, stored as is: nothing to read again.
  'post /assets/{id}/meter-readings': [],
  // Questions, suggestions and transcriptions change nothing the client reads; a re-index
  // changes only the assistant's own index.
  'post /assistant/ask': [],
  'post /assistant/reindex': [],
  'post /assistant/suggest-bilan': [],
  'post /assistant/transcribe': [],
  // A sign-in clears the whole cache (features/auth).
  'post /auth/activate': [],
  'post /auth/demo-login': [],
  'post /auth/login': [],
  'post /categories': [k.categories.all],
  'patch /categories/{id}': [k.categories.all],
  'post /documents': [k.documents.lists],
  'delete /documents/{id}': [k.documents.lists],
  'patch /documents/{id}/corpus': [k.documents.lists],
  'post /locations': [k.locations.all],
  // Assets show their site's and zone's names: a renamed location changes them too.
  'patch /locations/{id}': [k.locations.all, k.assets.lists, k.assets.details],
  // Sites show their property manager's name.
  'post /partners': [k.partners.all, k.locations.all],
  'patch /partners/{id}': [k.partners.all, k.locations.all],
  'post /parts': parts,
  'patch /parts/{id}': parts,
  'post /parts/{id}/movements': parts,
  // A passer-by's report: staff lists pick it up when they are next read.
  'post /portal/requests': [],
  // New grids are new work orders: the status counts and the order lists.
  'post /preventive/generate': [k.preventive.status, k.workOrders.lists],
  'post /preventive/templates': [k.preventive.templates],
  'patch /preventive/templates/{id}': [k.preventive.templates],
  // Receiving an order puts its parts in stock.
  'post /purchase-orders': [k.purchaseOrders.lists, k.purchaseOrders.details, ...parts],
  'post /purchase-orders/{id}/transition': [k.purchaseOrders.lists, k.purchaseOrders.details, ...parts],
  'post /reference-values': [k.referenceValues.all],
  'patch /reference-values/{id}': [k.referenceValues.all],
  'post /requests': requests,
  'post /requests/{id}/approve': requests,
  'post /requests/{id}/reject': requests,
  'post /teams': people,
  'patch /teams/{id}': people,
  'patch /users/{id}': people,
  'post /users/{id}/invitation': people,
  'post /users/invitations': people,
  // The work order's writes answer its whole detail, which replaces the cached one
  // (features/work-orders): only the lists are read again.
  'post /work-orders': [k.workOrders.lists],
  'put /work-orders/{id}/assignees': [k.workOrders.lists],
  // A tick is shown at once; the detail is read again once the last tap has landed
  // (useTickChecklist), not after each.
  'patch /work-orders/{id}/checklist/{itemId}': [],
  'post /work-orders/{id}/comments': [k.workOrders.lists],
  // A part taken from stock lowers its quantity.
  'post /work-orders/{id}/consume-part': [k.workOrders.lists, k.parts.lists],
  'post /work-orders/{id}/labor': [k.workOrders.lists],
  // A finished order may be the elevator's six-week visit (its report's circumstance, its
  // completion): the elevator's page and the visit lists are read again.
  'put /work-orders/{id}/report': [k.workOrders.lists, k.assets.details, k.preventive.status],
  'post /work-orders/{id}/transition': [k.workOrders.lists, k.assets.details, k.preventive.status],
} satisfies Record<Write, readonly (readonly unknown[])[]>

export function refreshesOf(write: Write): readonly (readonly unknown[])[] {
  return writeRefreshes[write]
}
