// `npm run -w server bench:ask`: where askAssistant's time goes, question by question, on a
// filled store (the scale dataset): the terms' reading and the candidates' judging, timed
// apart, for the questions of `npm run bench` (assistant-material.ts). A developer's tool.
//   DATABASE_URL=postgres://…/palier_scale npm run -w server bench:ask
import { buildApp } from '../src/app.ts'
import { loadConfig } from '../src/config.ts'
import { serviceEnv } from '../src/seed/scale.ts'
import { decimalsOf } from '../src/modules/assistant/assistant.ask.ts'
import * as q from '../src/modules/assistant/assistant.queries.ts'
import { judgedFor, termsFor } from '../src/modules/assistant/assistant.retrieve.ts'
import { asksHistory, fold } from '../src/modules/assistant/assistant.text.ts'
import { BENCH_QUESTIONS } from './assistant-material.ts'

const config = loadConfig(serviceEnv({ ...process.env, LOG_LEVEL: 'silent', NODE_ENV: 'development' }))
const app = await buildApp(config, { webClient: false })
const db = app.deps.database.db
const generation = await q.activeGeneration(db)
if (!generation) throw new Error('bench:ask reads an indexed store: run the re-indexing first (npm run -w server bench:reindex)')
const brands = new Set((await q.fleetBrands(db)).flatMap((r) => fold(r.brand).split(/[^a-z0-9]+/).filter((w) => w.length >= 3)))
const everyone = { userId: '00000000-0000-0000-0000-000000000000', viewOther: true, siteIds: null }
console.log(' terms  judge  total  question → first excerpt')
// The first round warms the store's caches and prepared plans; the second is printed.
for (const round of [1, 2]) {
  for (const { question } of BENCH_QUESTIONS) {
    const t0 = performance.now()
    const terms = await termsFor(db, generation, question, brands)
    const t1 = performance.now()
    const judged = terms.some((t) => !t.unknown) ? await judgedFor(db, generation.id, terms, { assets: everyone, workOrders: everyone }, null, decimalsOf(question), asksHistory(question)) : []
    const t2 = performance.now()
    if (round === 1) continue
    const best = judged[0]
    const where = best ? `${best.accepted ? 'accepted' : 'refused'} ${best.candidate.fileName ?? best.candidate.workOrderReference}${best.candidate.page ? ` p.${best.candidate.page}` : ''}` : 'nothing found'
    console.log(`${(t1 - t0).toFixed(0).padStart(6)} ${(t2 - t1).toFixed(0).padStart(6)} ${(t2 - t0).toFixed(0).padStart(6)}  ${question.slice(0, 60)} → ${where}`)
  }
}
await app.close()
