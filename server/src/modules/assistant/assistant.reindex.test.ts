// reindexAssistant (counts, one at a time, the switch at the end) and suggestBilan (codes
// learnt from closed reports, only active values of each field).
import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { sql } from 'drizzle-orm'
import { assertError, startTestApp, type TestApp } from '../../test/harness.ts'
import { insertLocation } from '../work-orders/work-orders.fixtures.ts'
import { closedOrder, insertElevator, uploadManual, valueIds, type ClosedOrder } from './assistant.fixtures.ts'

let t: TestApp
let admin: { id: string; token: string }, tech: { id: string; token: string }
let ids: (field: string, label: string) => string

const LOCK = { symptom: 'Portes palières ne se ferment pas', component: 'Serrure palière', cause: 'Déréglage', action: 'Réglage', result: 'Remis en service' }
const CELL = { symptom: 'Portes cabine ne s\'ouvrent pas', component: 'Cellule de porte', cause: 'Corps étranger dans le seuil', action: 'Nettoyage', result: 'Remis en service' }
const TRAPPED = { symptom: 'Personne bloquée en cabine', component: 'Variateur de fréquence', cause: 'Coupure d\'alimentation', action: 'Dégagement de personne', result: 'Remis en service' }
const ORDERS: ClosedOrder[] = [
  { ...LOCK, description: 'pte palière 3e étage ne ferme plus', notes: 'serrure palière déréglée, réglage du contact de verrouillage' },
  { ...LOCK, description: 'porte palière RDC reste entrouverte', notes: 'galet de serrure mal réglé, réglé et essayé' },
  { ...LOCK, description: 'Porte palière ne se verrouille pas', notes: 'reglage serrure palière' },
  { ...CELL, description: 'porte cabine se rouvre sans arrêt', notes: 'cellule encrassée, nettoyage de la cellule et du seuil' },
  { ...CELL, description: 'portes cabine bloquées ouvertes', notes: 'caillou dans le seuil de la cabine, nettoyage' },
  { ...CELL, description: 'la porte de la cabine ne s ouvre plus', notes: 'seuil cabine plein de gravillons, nettoyé' },
  { ...TRAPPED, description: 'personne bloquée en cabine après coupure', notes: 'dégagement de la personne, variateur réarmé' },
  { ...TRAPPED, description: 'pers bloquée cabine entre 2 étages', notes: 'coupure EDF, dégagement effectué' },
]

before(async () => {
  t = await startTestApp()
  admin = await t.userWithRole('Administrateur')
  tech = await t.userWithRole('Technicien')
  ids = await valueIds(t, admin.token)
  const site = await insertLocation(t, 'Résidence du Parc')
  const asset = await insertElevator(t, site, 'Motrane', 'MG250')
  for (const o of ORDERS) await closedOrder(t, tech.token, asset, ids, o)
  await uploadManual(t, admin.token, asset, 'frein.pdf', ['Frein Motrane MG250\nL’entrefer du frein est de 0,3 à 0,5 mm et se contrôle tous les six mois.', null])
  await uploadManual(t, admin.token, asset, 'abime.pdf', Buffer.from('%PDF-1.7\nceci n’est pas un PDF lisible'))
  const out = await uploadManual(t, admin.token, asset, 'retire.pdf', ['Document retiré du corpus : la vitesse nominale est de 1,6 m/s pour ce modèle.'])
  assert.equal((await t.api.updateDocumentCorpus({ params: { id: out }, body: { inCorpus: false } }, admin.token)).status, 200)
})
after(() => t.close())

describe('reindexAssistant', () => {
  test('200 with what was read: pages, scanned pages, unreadable and excluded documents, reports, replacements', async () => {
    const res = await t.api.reindexAssistant({}, admin.token)
    assert.equal(res.status, 200, JSON.stringify(res.body))
    const r = res.body
    assert.deepEqual({ documents: r.documents, pages: r.pages, pagesWithoutText: r.pagesWithoutText, unreadableDocuments: r.unreadableDocuments, excludedDocuments: r.excludedDocuments, reports: r.reports, joined: r.joined },
      { documents: 1, pages: 1, pagesWithoutText: 1, unreadableDocuments: 1, excludedDocuments: 1, reports: ORDERS.length, joined: false })
    assert.ok(r.indexBytes > 0 && r.durationMs >= 0 && r.finishedAt >= r.startedAt, JSON.stringify(r))
    const excluded = await t.api.askAssistant({ body: { question: 'Quelle est la vitesse nominale ?' } }, tech.token)
    assert.equal(excluded.body.answered, false, 'the excluded document is left out')
  })

  test('concurrent calls: one re-indexing, the others join it and get its result', async () => {
    const results = await Promise.all([0, 1, 2].map(() => t.api.reindexAssistant({}, admin.token)))
    for (const r of results) assert.equal(r.status, 200, JSON.stringify(r.body))
    assert.equal(new Set(results.map((r) => r.body.generation)).size, 1, 'one generation built')
    assert.deepEqual(results.map((r) => r.body.joined).sort(), [false, true, true])
  })

  test('a call waiting for a build whose builder died (no heartbeat for a minute) takes over and builds its own', async () => {
    // Another replica's build, beating until 59.5 s ago, then gone: not stale when joined.
    const db = t.app.deps.database.db
    const { rows: [abandoned] } = await db.execute(sql`INSERT INTO assistant_generations (status, heartbeat_at)
      VALUES ('BUILDING', now() - interval '59.5 seconds') RETURNING id`) as unknown as { rows: { id: number }[] }
    const res = await t.api.reindexAssistant({}, admin.token)
    assert.equal(res.status, 200, JSON.stringify(res.body))
    assert.equal(res.body.joined, false)
    assert.ok(res.body.generation > abandoned.id)
    const { rows: [gone] } = await db.execute(sql`SELECT status FROM assistant_generations WHERE id = ${abandoned.id}`) as unknown as { rows: { status: string }[] }
    assert.ok(!gone || gone.status === 'FAILED', `the abandoned build is ${gone?.status}`)
  })

  test('questions asked while a re-indexing runs are answered from the previous generation', async () => {
    const running = t.api.reindexAssistant({}, admin.token)
    const res = await t.api.askAssistant({ body: { question: 'entrefer du frein Motrane ?' } }, tech.token)
    assert.equal(res.body.answered, true, JSON.stringify(res.body))
    assert.equal((await running).status, 200)
  })

  test('403 without SETTINGS edit', async () => {
    for (const role of ['Dispatcher', 'Technicien', 'Gestionnaire'] as const) assertError(await t.api.reindexAssistant({}, await t.tokenFor(role)), 403, 'FORBIDDEN')
  })
})

describe('suggestBilan', () => {
  before(async () => { assert.equal((await t.api.reindexAssistant({}, admin.token)).status, 200) })

  const top = async (description: string) => {
    const res = await t.api.suggestBilan({ body: { description } }, tech.token)
    assert.equal(res.status, 200, JSON.stringify(res.body))
    return res.body
  }

  test('learns the codes of closed reports from a technician-style description', async () => {
    const s = await top('pte paliere ne ferme pas, serure dereglee, regle')
    assert.equal(s.component[0]?.id, ids('COMPONENT', 'Serrure palière'), JSON.stringify(s.component))
    assert.equal(s.symptom[0]?.id, ids('SYMPTOM', 'Portes palières ne se ferment pas'), JSON.stringify(s.symptom))
    assert.ok(s.action.slice(0, 3).some((v) => v.id === ids('ACTION', 'Réglage')), JSON.stringify(s.action))
    const c = await top('cabine : porte qui se rouvre, seuil encrassé')
    assert.equal(c.component[0]?.id, ids('COMPONENT', 'Cellule de porte'), JSON.stringify(c.component))
  })

  test('at most three per field, best first, each an active value of its own field', async () => {
    const s = await top('personne bloquée en cabine, dégagement puis remplacement du variateur')
    const values = (await t.api.listReferenceValues({}, admin.token)).body.fields
    for (const [key, field] of [['symptom', 'SYMPTOM'], ['component', 'COMPONENT'], ['cause', 'CAUSE'], ['action', 'ACTION'], ['result', 'RESULT'], ['circumstance', 'CIRCUMSTANCE']] as const) {
      const list = s[key]
      assert.ok(list.length <= 3)
      assert.deepEqual([...list].sort((a, b) => b.score - a.score), list)
      const active = values.find((f) => f.field === field)!.values.filter((v) => v.isActive).map((v) => v.id)
      for (const v of list) assert.ok(active.includes(v.id), `${key}: ${v.label} is an active value of ${field}`)
    }
    assert.ok(s.action.some((v) => v.id === ids('ACTION', 'Dégagement de personne')), JSON.stringify(s.action))
  })

  test('a deactivated value is never suggested', async () => {
    const lock = ids('COMPONENT', 'Serrure palière')
    assert.equal((await t.api.updateReferenceValue({ params: { id: lock }, body: { isActive: false } }, admin.token)).status, 200)
    try {
      const s = await top('serrure palière déréglée, porte palière ne ferme pas')
      assert.ok(!s.component.some((v) => v.id === lock), JSON.stringify(s.component))
    } finally {
      await t.api.updateReferenceValue({ params: { id: lock }, body: { isActive: true } }, admin.token)
    }
  })

  test('400 naming the field for an empty or over-long description; 403 without WORK_ORDERS edit', async () => {
    for (const description of ['', '  ', 'x'.repeat(4001)]) {
      const res = await t.request('POST', '/assistant/suggest-bilan', { token: tech.token, body: { description } })
      assertError(res, 400, 'VALIDATION_ERROR')
      assert.equal(res.body.error.details[0].field, 'description')
    }
    assertError(await t.api.suggestBilan({ body: { description: 'porte' } }, await t.tokenFor('Vue seule')), 403, 'FORBIDDEN')
  })
})

describe('reports closed since the re-indexing', () => {
  const quiet = { info() {}, warn() {}, error() {}, debug() {}, trace() {}, fatal() {}, child() { return quiet }, level: 'silent' }

  test('are added by the catch-up once, anonymised, and answer from then on', async () => {
    assert.equal((await t.api.reindexAssistant({}, admin.token)).status, 200)
    const site = await insertLocation(t, 'Résidence des Cèdres')
    const asset = await insertElevator(t, site, 'Motrane', 'MG250')
    const order = await closedOrder(t, tech.token, asset, ids, {
      ...LOCK, description: 'Cuvette inondée, pompe de relevage hors service',
      notes: 'Pompe de relevage remplacée, cuvette asséchée. Rappeler le gardien au 06 12 34 56 78.',
    })
    const question = 'la pompe de relevage de la cuvette a deja ete remplacee ?'
    assert.equal((await t.api.askAssistant({ body: { question } }, tech.token)).body.answered, false, 'not in the index before the catch-up')

    const service = t.app.services.assistant
    const added = await Promise.all([service.indexClosedReports(quiet as never), service.indexClosedReports(quiet as never)])
    assert.equal(added[0] + added[1], 1, 'the report is added once by passes running at once')
    assert.equal(await service.indexClosedReports(quiet as never), 0)

    const res = await t.api.askAssistant({ body: { question } }, tech.token)
    assert.equal(res.body.answered, true, JSON.stringify(res.body))
    const c = res.body.citations[0]!
    assert.equal(c.workOrderReference, order.reference)
    assert.ok(c.excerpt.includes('[téléphone]') && !c.excerpt.includes('06 12 34 56 78'), c.excerpt)
  })
})
