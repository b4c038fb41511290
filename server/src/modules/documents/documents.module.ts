import { defineModule } from '../module.ts'
import { startOrphanSweep } from './documents.orphans.ts'
import { documentsRoutes } from './documents.routes.ts'
import { DocumentsService } from './documents.service.ts'

export const documentsModule = defineModule({
  name: 'documents',
  service: (p) => new DocumentsService(p),
  routes: documentsRoutes,
  // Stored files that no document names removed every hour (documents.orphans.ts).
  start: (service, ctx) => startOrphanSweep(() => service.sweepOrphanFiles(ctx.log), ctx),
})
