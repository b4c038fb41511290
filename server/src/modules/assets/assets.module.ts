import { defineModule } from '../module.ts'
import { assetsRoutes } from './assets.routes.ts'
import { AssetsService } from './assets.service.ts'

export const assetsModule = defineModule({
  name: 'assets',
  service: (p) => new AssetsService(p),
  routes: assetsRoutes,
})
