// `npm run -w server eval:explain -- A59 N15 "une question libre"`: seeds the evaluation
// corpus, re-indexes, and for each question (an id of the material or a text) prints the
// terms read from it and the best judged excerpts with their coverage, what they miss and
// whether they were accepted: the way to see why a question was answered from one page
// rather than another, or refused. A developer's tool, not part of the tests.
import { decimalsOf, extract } from '../../src/modules/assistant/assistant.ask.ts'
import { judgedFor, termsFor } from '../../src/modules/assistant/assistant.retrieve.ts'
import * as q from '../../src/modules/assistant/assistant.queries.ts'
import { asksHistory, fold } from '../../src/modules/assistant/assistant.text.ts'
import { startTestApp } from '../../src/test/harness.ts'
import { ANSWERABLE, UNANSWERABLE } from './questions.ts'
import { seedCorpus } from './seed.ts'

const wanted = process.argv.slice(2)
const all = [...ANSWERABLE, ...UNANSWERABLE] as { id: string; question: string; asset?: string }[]
const t = await startTestApp({ env: { RATE_LIMIT_PER_MINUTE: '1000000' } })
try {
  const seeded = await seedCorpus(t)
  await t.request('POST', '/assistant/reindex', { token: seeded.tokens.admin })
  const db = t.app.deps.database.db
  const generation = (await q.activeGeneration(db))!
  const brandRows = await q.fleetBrands(db)
  const brands = new Set(brandRows.flatMap((r) => fold(r.brand).split(/[^a-z0-9]+/).filter((w) => w.length >= 3)))
  const everything = { userId: '00000000-0000-0000-0000-000000000000', viewOther: true, siteIds: null }
  for (const w of wanted) {
    const item = all.find((i) => i.id === w) ?? { id: '—', question: w }
    const assetId = item.asset ? seeded.assetIds.get(item.asset) : undefined
    const asset = assetId ? (await q.assetFor(db, assetId, everything)) ?? null : null
    const terms = await termsFor(db, generation, item.question, brands)
    console.log(`\n${item.id} « ${item.question} »${asset ? ` [${asset.reference}]` : ''}`)
    for (const term of terms) console.log(`  term ${term.word} ${term.lexemes.join('|')} w=${term.weight.toFixed(2)}${term.specific ? ' specific' : ''}${term.unknown ? ' unknown' : ''}${term.soft ? ' soft' : ''}`)
    const judged = await judgedFor(db, generation.id, terms, { assets: everything, workOrders: everything }, asset, decimalsOf(item.question), asksHistory(item.question))
    for (const j of judged.slice(0, 8)) {
      const c = j.candidate
      const where = c.kind === 'DOCUMENT' ? `${c.fileName} p.${c.page}` : c.workOrderReference
      if (j === judged[0] && j.accepted) console.log(`  answer: ${extract(c.body, terms, decimalsOf(item.question), c.context).sentences.join(' ⏎ ')}`)
      if (j === judged[0] && process.env.EXPLAIN_BODY) console.log(c.body)
      console.log(`  ${j.accepted ? 'ACCEPT' : 'reject'} ${where} cov=${j.coverage.toFixed(2)} line=${j.lineCoverage.toFixed(2)} local=${j.localCoverage.toFixed(2)} rank=${c.rank.toFixed(3)} missing=${j.missing.map((m) => m.word).join(',')}`)
    }
  }
} finally {
  await t.close()
}
