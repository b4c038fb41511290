import { defineModule } from '../module.ts'
import { startDetailRefill } from './assets.refill.ts'
import { assetsRoutes } from './assets.routes.ts'
import { AssetsService } from './assets.service.ts'

export const assetsModule = defineModule({
  name: 'assets',
  service: (p) => new AssetsService(p),
  routes: assetsRoutes,
  // Stale stored details rebuilt in the background (migration 0030).
  start: startDetailRefill,
})
