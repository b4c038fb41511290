import { defineModule } from '../module.ts'
import { documentsRoutes } from './documents.routes.ts'
import { DocumentsService } from './documents.service.ts'

export const documentsModule = defineModule({
  name: 'documents',
  service: (p) => new DocumentsService(p),
  routes: documentsRoutes,
})
