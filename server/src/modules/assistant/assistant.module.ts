import { defineModule } from '../module.ts'
import { assistantRoutes } from './assistant.routes.ts'
import { AssistantService } from './assistant.service.ts'

export const assistantModule = defineModule({
  name: 'assistant',
  service: (p) => new AssistantService(p),
  routes: assistantRoutes,
})
