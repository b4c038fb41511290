import { defineModule } from '../module.ts'
import { workOrdersRoutes } from './work-orders.routes.ts'
import { WorkOrdersService } from './work-orders.service.ts'

export const workOrdersModule = defineModule({
  name: 'workOrders',
  service: (p) => new WorkOrdersService(p),
  routes: workOrdersRoutes,
})
