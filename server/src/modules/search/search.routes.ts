import { AUTHENTICATED, route } from '../../http/route.ts'
import { SearchQuery, SearchResponse } from './search.schemas.ts'
import type { SearchService } from './search.service.ts'

export const searchRoutes = (search: SearchService) => [
  route({
    operationId: 'globalSearch', method: 'GET', url: '/search', tag: 'Search', access: AUTHENTICATED,
    cacheAnswer: true,
    summary: 'Work orders, elevators and sites matching a text, at most 5 of each',
    description: 'Each family is filtered exactly like its listing: it is empty without the view right on its category (WORK_ORDERS, ASSETS, LOCATIONS); without the view-other right on WORK_ORDERS only the caller’s own orders (created by or assigned to it) are searched; a caller assigned to sites finds only what stands in those sites and their zones. Words ignore accents and letter case and match French stems (« ascenseurs » finds « ascenseur »).',
    querystring: SearchQuery,
    success: { status: 200, schema: SearchResponse },
    handler: ({ caller, query }) => search.search(caller, query.q),
  }),
]
