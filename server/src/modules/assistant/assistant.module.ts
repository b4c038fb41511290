import { defineModule } from '../module.ts'
import { assistantRoutes } from './assistant.routes.ts'
import { errorFields } from './assistant.indexer.ts'
import { AssistantService } from './assistant.service.ts'

// How often the reports of orders closed since the last re-indexing are added to the index.
const CATCH_UP_MS = 30_000

export const assistantModule = defineModule({
  name: 'assistant',
  service: (p) => new AssistantService(p),
  routes: assistantRoutes,
  // A store that has never been indexed (a first start, the demo) is indexed in the background
  // at start, so the first question finds its manuals; later re-indexings are asked for. Every
  // 30 s, the reports of orders closed since are added (one pass at a time per replica).
  async start(service, ctx) {
    const first = service.indexIfNeverIndexed(ctx.log).catch((err) => ctx.log.warn(errorFields(err), 'assistant: first indexing failed'))
    let pass: Promise<void> | null = first
    const timer = setInterval(() => {
      if (pass) return
      pass = service.indexClosedReports(ctx.log)
        .then((n) => {
          ctx.jobRan('assistant-catch-up', 'done')
          if (n) ctx.log.info({ reports: n }, 'assistant: closed reports indexed')
        })
        .catch((err) => {
          ctx.jobRan('assistant-catch-up', 'failed')
          ctx.log.warn(errorFields(err), 'assistant: closed reports not indexed')
        })
        .finally(() => { pass = null })
    }, CATCH_UP_MS)
    void first.finally(() => { if (pass === first) pass = null })
    timer.unref()
    return async () => { clearInterval(timer); await pass }
  },
})
