import { defineModule } from '../module.ts'
import { workOrdersRoutes } from './work-orders.routes.ts'
import { startStaleRefill } from '../stale-refill.ts'
import { WorkOrdersService } from './work-orders.service.ts'

export const workOrdersModule = defineModule({
  name: 'workOrders',
  service: (p) => new WorkOrdersService(p),
  routes: workOrdersRoutes,
  // Stale stored details rebuilt in the background (migration 0017).
  start: (service, ctx) => startStaleRefill({ job: 'detail-refill', label: 'work orders', refill: (n) => service.refillStaleDetails(n) }, ctx),
})
