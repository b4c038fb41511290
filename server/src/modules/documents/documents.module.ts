import { defineModule } from '../module.ts'
import { startFileRemovals } from './documents.file-removals.ts'
import { startOrphanSweep } from './documents.orphans.ts'
import { documentsRoutes } from './documents.routes.ts'
import { DocumentsService } from './documents.service.ts'

export const documentsModule = defineModule({
  name: 'documents',
  service: (p) => new DocumentsService(p),
  routes: documentsRoutes,
  // Files whose removal failed, tried again every 2 s (documents.file-removals.ts); stored
  // files that no document names removed every hour (documents.orphans.ts).
  start: async (service, ctx) => {
    const stops = [startFileRemovals(service.removals, ctx), await startOrphanSweep(() => service.sweepOrphanFiles(ctx.log), ctx)]
    return async () => { await Promise.all(stops.map((stop) => stop())) }
  },
})
