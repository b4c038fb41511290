import { defineModule } from '../module.ts'
import { startStaleRefill } from '../stale-refill.ts'
import { assetsRoutes } from './assets.routes.ts'
import { AssetsService } from './assets.service.ts'

export const assetsModule = defineModule({
  name: 'assets',
  service: (p) => new AssetsService(p),
  routes: assetsRoutes,
  // Stale stored details rebuilt in the background (migration 0030).
  start: (service, ctx) => startStaleRefill({ job: 'asset-detail-refill', label: 'assets', refill: (n) => service.refillStaleDetails(n) }, ctx),
})
