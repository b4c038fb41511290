import { answerTopics } from '../../http/answer-cache.ts'
import { AUTHENTICATED, needs, route } from '../../http/route.ts'
import { IdParams } from '../../http/schema-kit.ts'
import type { AssetsService } from './assets.service.ts'
import { AssetQuery } from './assets.logbook.schemas.ts'
import {
  AssetComponent, AssetComponentCreate, AssetCreate, AssetDetail, AssetOptionsResponse, AssetsQuery, AssetsResponse, AssetUpdate,
  ComponentParams, DEFAULT_PAGE, MAX_PAGE,
} from './assets.schemas.ts'

const SCOPE = 'A caller assigned to sites (any role but Administrateur) sees only the assets of those sites and their zones; any other asset answers 404 like a missing one.'

export const assetsRoutes = (assets: AssetsService) => [
  route({
    operationId: 'listAssets', method: 'GET', url: '/assets', tag: 'Assets', access: needs('ASSETS', 'view'),
    cacheAnswer: true,
    summary: 'Assets, filtered and paginated',
    description: `Sorted by reference (case-insensitively). Keyset pagination: at most \`limit\` assets (${DEFAULT_PAGE} by default, ${MAX_PAGE} at most); when more follow, the \`Link\` header gives the next page's URL (\`rel="next"\`, absent on the last page); a malformed cursor answers 400. Filters combine (AND). ${SCOPE}`,
    querystring: AssetsQuery,
    success: { status: 200, schema: AssetsResponse },
    paginated: true,
    handler: async ({ scope, query, nextPage }) => {
      const { page, next, limit } = await assets.list(scope, query)
      nextPage(next, limit)
      return page
    },
  }),
  route({
    operationId: 'createAsset', method: 'POST', url: '/assets', tag: 'Assets', access: needs('ASSETS', 'create'),
    summary: 'Register an asset with its components',
    description: 'Creates the asset, its components and its two meters (trips, running hours) in one transaction. The reference is unique, compared case-insensitively (409 ASSET_REFERENCE_TAKEN). The category must be an active EQUIPMENT category (400 INVALID_CATEGORY), the location an existing site or zone (400 UNKNOWN_LOCATION), each component type an active COMPONENT_TYPE category (400 INVALID_COMPONENT_TYPE). `inspection` records a technical inspection (400 INVALID_INSPECTION when dated in the future or with a report that is not a document of the elevator: at creation, none can be).',
    body: AssetCreate,
    success: { status: 201, schema: AssetDetail },
    errors: [409],
    handler: ({ scope, principal, body }) => assets.create(scope, body, principal.id),
  }),
  route({
    operationId: 'listAssetOptions', method: 'GET', url: '/assets/options', tag: 'Assets', access: AUTHENTICATED,
    cacheAnswer: true,
    summary: 'Assets for a picker (id, reference, site)',
    description: 'Any authenticated role. A caller assigned to sites (any role but Administrateur) gets only the assets of those sites and their zones; with no assignment, all of them.',
    success: { status: 200, schema: AssetOptionsResponse },
    handler: ({ scope }) => assets.options(scope),
  }),
  route({
    operationId: 'getAsset', method: 'GET', url: '/assets/:id', tag: 'Assets', access: needs('ASSETS', 'view'),
    // Without a query, the detail changes only with this elevator: its own rows, its orders'
    // moves and its meters (or with everything).
    cacheAnswer: { topics: ({ params, query }) => (Object.keys(query).length ? null : [answerTopics.asset(params.id)]) },
    summary: 'An asset with what a technician needs on site, and its fitted components',
    description: `${SCOPE} With a period (\`from\`, \`to\`), the detail also carries \`logbook\`: the carnet d’entretien of the period and its summary.`,
    params: IdParams,
    querystring: AssetQuery,
    success: { status: 200, schema: AssetDetail },
    handler: ({ scope, params, query }) => assets.get(scope, params.id, query),
  }),
  route({
    operationId: 'updateAsset', method: 'PATCH', url: '/assets/:id', tag: 'Assets', access: needs('ASSETS', 'edit'),
    summary: 'Edit an asset, including its status',
    description: 'Status moves: every move between IN_SERVICE, OUT_OF_SERVICE and UNDER_MAINTENANCE is allowed (a breakdown stops an elevator whatever its state, and it returns to service from either); statusChangedAt is set when the status actually changes. Nullable fields accept null to clear them. Same checks as createAsset (400 INVALID_CATEGORY, 400 UNKNOWN_LOCATION, 409 ASSET_REFERENCE_TAKEN); the current category may be kept even if deactivated since. Components change through their own operations. `inspection` appends a technical inspection to the history (400 INVALID_INSPECTION: a date in the future, a report that is not one of this elevator’s documents).',
    params: IdParams,
    body: AssetUpdate,
    success: { status: 200, schema: AssetDetail },
    errors: [409],
    handler: ({ scope, principal, params, body }) => assets.update(scope, params.id, body, principal.id),
  }),
  route({
    operationId: 'addAssetComponent', method: 'POST', url: '/assets/:id/components', tag: 'Assets', access: needs('ASSETS', 'edit'),
    summary: 'Fit a component to an asset',
    description: `The type must be an active COMPONENT_TYPE category (400 INVALID_COMPONENT_TYPE, also for an EQUIPMENT category). A component has no location of its own. ${SCOPE}`,
    params: IdParams,
    body: AssetComponentCreate,
    success: { status: 201, schema: AssetComponent },
    handler: ({ scope, params, body }) => assets.addComponent(scope, params.id, body),
  }),
  route({
    operationId: 'removeAssetComponent', method: 'DELETE', url: '/assets/:id/components/:componentId', tag: 'Assets', access: needs('ASSETS', 'edit'),
    summary: 'Remove a component from an asset',
    description: 'The component stays on record with its removal date but is no longer shown or counted. 404 when the component is unknown, already removed or fitted to another asset.',
    params: ComponentParams,
    success: { status: 204, schema: null },
    handler: ({ scope, params }) => assets.removeComponent(scope, params.id, params.componentId),
  }),
]
