import { PUBLIC, publicRoute } from '../../http/route.ts'
import type { HealthService } from './health.service.ts'
import { HealthResponse } from './health.schemas.ts'

export const healthRoutes = (s: HealthService) => [
  publicRoute({
    operationId: 'getHealth', method: 'GET', url: '/health', tag: 'Health', access: PUBLIC,
    summary: 'State of the database, cache and file storage',
    success: { status: 200, schema: HealthResponse },
    handler: () => s.check(),
  }),
]
