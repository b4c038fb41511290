import { defineModule } from '../module.ts'
import { preventiveRoutes } from './preventive.routes.ts'
import { startMonthlyGeneration } from './preventive.scheduler.ts'
import { PreventiveService } from './preventive.service.ts'

export const preventiveModule = defineModule({
  name: 'preventive',
  service: (p) => new PreventiveService(p),
  routes: preventiveRoutes,
  // The monthly generation with its catch-up at start.
  start: startMonthlyGeneration,
})
