import { defineModule } from '../module.ts'
import { partsRoutes } from './parts.routes.ts'
import { PartsService } from './parts.service.ts'

export const partsModule = defineModule({
  name: 'parts',
  service: (p) => new PartsService(p),
  routes: partsRoutes,
})
