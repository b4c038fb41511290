import { defineModule } from '../module.ts'
import { IdempotencyService } from './idempotency.service.ts'

const PURGE_EVERY_MS = 3600 * 1000

// No operation of its own: the store of the Idempotency-Key header, handed to the http layer.
export const idempotencyModule = defineModule({
  name: 'idempotency',
  service: (p) => new IdempotencyService(p),
  routes: () => [],
  async start(service, ctx) {
    const timer = setInterval(() => {
      service.purge().then(() => ctx.jobRan('idempotency-purge', 'done'), (err) => {
        ctx.jobRan('idempotency-purge', 'failed')
        ctx.log.warn({ err }, 'idempotency keys: purge failed')
      })
    }, PURGE_EVERY_MS)
    timer.unref()
    return async () => clearInterval(timer)
  },
})
