import { defineModule } from '../module.ts'
import { assistantRoutes } from './assistant.routes.ts'
import { AssistantService } from './assistant.service.ts'

export const assistantModule = defineModule({
  name: 'assistant',
  service: (p) => new AssistantService(p),
  routes: assistantRoutes,
  // A store that has never been indexed (a first start, the demo) is indexed in the background
  // at start, so the first question finds its manuals; later re-indexings are asked for.
  async start(service, ctx) {
    const first = service.indexIfNeverIndexed(ctx.log).catch((err) => ctx.log.warn({ err }, 'assistant: first indexing failed'))
    return async () => { await first }
  },
})
