import { defineModule } from '../module.ts'
import { purchaseOrdersRoutes } from './purchase-orders.routes.ts'
import { PurchaseOrdersService } from './purchase-orders.service.ts'

export const purchaseOrdersModule = defineModule({
  name: 'purchaseOrders',
  service: (p) => new PurchaseOrdersService(p),
  routes: purchaseOrdersRoutes,
})
