import { seesAllPay } from '../../http/caller.ts'
import { needs, route } from '../../http/route.ts'
import { AnalyticsQuery, AnalyticsSummary } from './analytics.schemas.ts'
import type { AnalyticsService } from './analytics.service.ts'

export const analyticsRoutes = (analytics: AnalyticsService) => [
  route({
    operationId: 'getAnalyticsSummary', method: 'GET', url: '/analytics/summary', tag: 'Analytics', access: needs('ANALYTICS', 'view'),
    summary: 'Indicators of the last 3, 6 or 12 months',
    description: 'Every work-order figure (orders, backlog, breakdowns, MTBF, MTTR, trapped persons, preventive grids, parts and labour costs) counts only the orders on the elevators of the caller’s sites (a caller assigned to sites) and, without the view-other right on ANALYTICS, only the orders it created or is assigned to. Parts under their threshold are not per site. Labour costs are null unless the caller may see pay (PEOPLE_TEAMS edit). Definitions: docs/analytics.md. Not kept between calls: the answer depends on the clock.',
    querystring: AnalyticsQuery,
    success: { status: 200, schema: AnalyticsSummary },
    handler: ({ caller, scope, query }) => analytics.summary(scope, query, seesAllPay(caller)),
  }),
]
