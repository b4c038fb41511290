import { defineModule } from '../module.ts'
import { analyticsRoutes } from './analytics.routes.ts'
import { AnalyticsService } from './analytics.service.ts'

export const analyticsModule = defineModule({
  name: 'analytics',
  service: (p) => new AnalyticsService(p),
  routes: analyticsRoutes,
})
