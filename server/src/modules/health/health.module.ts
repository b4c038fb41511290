import { defineModule } from '../module.ts'
import { healthRoutes } from './health.routes.ts'
import { HealthService } from './health.service.ts'

export const healthModule = defineModule({
  name: 'health',
  service: (p) => new HealthService(p),
  routes: healthRoutes,
})
