import { defineModule } from '../module.ts'
import { metersRoutes } from './meters.routes.ts'
import { MetersService } from './meters.service.ts'

export const metersModule = defineModule({
  name: 'meters',
  service: (p) => new MetersService(p),
  routes: metersRoutes,
})
