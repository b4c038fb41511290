import { defineModule } from '../module.ts'
import { partnersRoutes } from './partners.routes.ts'
import { PartnersService } from './partners.service.ts'

export const partnersModule = defineModule({
  name: 'partners',
  service: (p) => new PartnersService(p),
  routes: partnersRoutes,
})
