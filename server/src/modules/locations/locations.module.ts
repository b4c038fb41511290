import { defineModule } from '../module.ts'
import { locationsRoutes } from './locations.routes.ts'
import { LocationsService } from './locations.service.ts'

export const locationsModule = defineModule({
  name: 'locations',
  service: (p) => new LocationsService(p),
  routes: locationsRoutes,
})
