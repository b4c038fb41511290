import { defineModule } from '../module.ts'
import { portalRoutes } from './portal.routes.ts'
import { PortalService } from './portal.service.ts'

export const portalModule = defineModule({
  name: 'portal',
  service: (p) => new PortalService(p),
  routes: portalRoutes,
})
