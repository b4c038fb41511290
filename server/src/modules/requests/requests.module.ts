import { defineModule } from '../module.ts'
import { requestsRoutes } from './requests.routes.ts'
import { RequestsService } from './requests.service.ts'

export const requestsModule = defineModule({
  name: 'requests',
  service: (p) => new RequestsService(p),
  routes: requestsRoutes,
})
