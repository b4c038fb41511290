// askAssistant and reindexAssistant on a small corpus: two manuals of invented brands (one
// with a scanned page, personal data planted in both) and closed orders with notes. What a
// technician would notice: the right page cited, honest refusals, no personal data anywhere,
// and nothing from a source the caller may not see.
import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { eq, sql } from 'drizzle-orm'
import { uuidv7 } from 'uuidv7'
import { locations } from '../locations/locations.tables.ts'
import { partners } from '../partners/partners.tables.ts'
import { rowsOf } from '../../db/set-based.queries.ts'
import { assertError, startTestApp, type TestApp } from '../../test/harness.ts'
import { insertLocation } from '../work-orders/work-orders.fixtures.ts'
import { closedOrder, insertElevator, uploadManual, valueIds } from './assistant.fixtures.ts'

let t: TestApp
let admin: { id: string; token: string }, tech: { id: string; token: string }
let siteA: string, siteB: string, motrane: string, kinetra: string, motraneDoc: string, kinetraDoc: string
let lockOrder: { id: string; reference: string }

const MOTRANE = [
  'Motrane MG250 — Manuel de maintenance de la machine de traction\nService après-vente : M. Laurent Girard, tél. 06 12 34 56 78,\nlaurent.girard@motrane-service.fr',
  'Frein électromagnétique\nL’entrefer du frein doit être compris entre 0,3 et 0,5 mm.\nContrôler l’entrefer tous les six mois avec une cale d’épaisseur.\nCouple de serrage des vis de fixation du frein : 45 N.m.',
  null,
  'Défreinage manuel\nEn cas de panne de courant, le défreinage manuel permet d’amener la cabine au niveau le plus proche.\nUtiliser le levier de défreinage fourni et ouvrir le frein par petites impulsions.\nAstreinte : GIRARD Laurent au 04 72 11\n22 33',
]
const KINETRA = [
  'Kinetra KX-3 — Armoire de commande\nTable des codes défaut de l’armoire et conduite à tenir.',
  'E-101 : défaut de phase. Vérifier l’alimentation triphasée et les fusibles.\nE-214 : défaut porte palière. Contrôler le contact de la serrure palière et son réglage.\nE-301 : surchauffe du moteur. Laisser refroidir et vérifier la ventilation de la machinerie.',
]

const ask = (question: string, token = tech.token, assetId?: string) =>
  t.api.askAssistant({ body: { question, ...(assetId ? { assetId } : {}) } }, token)

before(async () => {
  t = await startTestApp()
  admin = await t.userWithRole('Administrateur')
  tech = await t.userWithRole('Technicien')
  const db = t.app.deps.database.db
  siteA = await insertLocation(t, 'Résidence Les Tilleuls')
  siteB = await insertLocation(t, 'Tour Horizon')
  await db.update(locations).set({ guardianName: 'Nadia Benali', guardianPhone: '06 98 76 54 32' }).where(eq(locations.id, siteA))
  await db.insert(partners).values({ id: uuidv7(), name: 'Motrane Service', kind: 'SUPPLIER', contactName: 'Laurent Girard' })
  motrane = await insertElevator(t, siteA, 'Motrane', 'MG250')
  kinetra = await insertElevator(t, siteB, 'Kinetra', 'KX-3')
  motraneDoc = await uploadManual(t, admin.token, motrane, 'Motrane_MG250_maintenance.pdf', MOTRANE)
  kinetraDoc = await uploadManual(t, admin.token, kinetra, 'Kinetra KX-3 codes.pdf', KINETRA)
  const ids = await valueIds(t, admin.token)
  lockOrder = await closedOrder(t, tech.token, motrane, ids, {
    description: 'Appel de Mme Benali : la porte palière du RDC ne se ferme plus',
    notes: 'Serrure palière déréglée, contact recalé et porte essayée 10 fois. Rappeler Mme Benali au 06 98 76 54 32 ou nadia.benali@example.fr.',
    symptom: 'Portes palières ne se ferment pas', component: 'Serrure palière', cause: 'Déréglage', action: 'Réglage', result: 'Remis en service',
  })
  const res = await t.api.reindexAssistant({}, admin.token)
  assert.equal(res.status, 200, JSON.stringify(res.body))
})
after(() => t.close())

describe('askAssistant: cited answers', () => {
  test('answers a paraphrased question with the page that holds the value, its sentences verbatim', async () => {
    const res = await ask('Quel jeu faut-il au frein de la Motrane MG250 ?')
    assert.equal(res.status, 200, JSON.stringify(res.body))
    assert.equal(res.body.answered, true, JSON.stringify(res.body))
    const c = res.body.citations[0]!
    assert.deepEqual([c.kind, c.documentId, c.fileName, c.page], ['DOCUMENT', motraneDoc, 'Motrane_MG250_maintenance.pdf', 2])
    assert.match(res.body.answer, /0,3 et 0,5 mm/)
    for (const line of res.body.answer.split('\n')) assert.ok(c.excerpt.includes(line), `« ${line} » is in the cited excerpt`)
  })

  test('tolerates typos, missing accents and capitals', async () => {
    for (const question of ['couple de serage des vis du frein motrane', 'DEFREINAGE MANUEL MOTRANE : COMMENT FAIRE ?']) {
      const res = await ask(question)
      assert.equal(res.body.answered, true, `${question}: ${JSON.stringify(res.body)}`)
      assert.equal(res.body.citations[0]!.documentId, motraneDoc)
    }
  })

  test('finds a fault code written loosely: E214, e 214, E-214', async () => {
    for (const question of ['Que signifie le code E214 sur l’armoire Kinetra ?', 'kinetra e 214 ?', 'défaut E-214 kinetra']) {
      const res = await ask(question)
      assert.equal(res.body.answered, true, `${question}: ${JSON.stringify(res.body)}`)
      assert.deepEqual([res.body.citations[0]!.documentId, res.body.citations[0]!.page], [kinetraDoc, 2])
      assert.match(res.body.answer, /E-214 : défaut porte palière/)
    }
  })

  test('with an elevator and no brand in the words, answers from that elevator’s documents', async () => {
    const res = await ask('quel entrefer pour le frein de cet appareil ?', tech.token, motrane)
    assert.equal(res.body.answered, true, JSON.stringify(res.body))
    assert.equal(res.body.citations[0]!.documentId, motraneDoc)
  })

  test('answers from a closed order’s report, citing the order', async () => {
    const res = await ask('serrure palière déréglée sur la motrane : qu’a-t-on fait ?')
    assert.equal(res.body.answered, true, JSON.stringify(res.body))
    const c = res.body.citations.find((x) => x.kind === 'REPORT')
    assert.ok(c, JSON.stringify(res.body.citations))
    assert.deepEqual([c.workOrderId, c.workOrderReference, c.documentId, c.page], [lockOrder.id, lockOrder.reference, null, null])
  })
})

describe('askAssistant: honest refusals', () => {
  test('another brand than the corpus’s: refused, naming the brand, no citation', async () => {
    const res = await ask('Quel est l’entrefer du frein Schindler ?')
    assert.equal(res.body.answered, false, JSON.stringify(res.body))
    assert.equal(res.body.refusalReason, 'TERMS_NOT_COVERED')
    assert.deepEqual(res.body.citations, [])
    assert.ok(res.body.missingTerms.includes('Schindler'), JSON.stringify(res.body.missingTerms))
    assert.match(res.body.answer, /^Je ne sais pas/)
  })

  test('a fault code the table does not list, a model without a manual, a quantity not given: refused', async () => {
    for (const question of ['Que veut dire le code E-999 sur le Kinetra ?', 'entrefer du frein Motrane MG400', 'Quelle est la pression d’huile de la centrale Kinetra ?']) {
      const res = await ask(question)
      assert.equal(res.body.answered, false, `${question}: ${JSON.stringify(res.body)}`)
    }
  })

  test('off-domain questions are refused as such', async () => {
    for (const question of ['Quel temps fera-t-il demain à Lyon ?', 'Qui a gagné la coupe du monde de football ?', 'Recette de la quiche lorraine']) {
      const res = await ask(question)
      assert.equal(res.body.answered, false, `${question}: ${JSON.stringify(res.body)}`)
      assert.equal(res.body.refusalReason, 'OFF_DOMAIN', question)
    }
  })

  test('questions fishing for a person’s telephone or e-mail are refused', async () => {
    for (const question of ['Quel est le numéro de téléphone de M. Girard ?', 'Donne-moi l’email du contact Motrane', 'qui est la gardienne des Tilleuls et son portable ?']) {
      const res = await ask(question)
      assert.deepEqual([res.body.answered, res.body.refusalReason, res.body.citations], [false, 'PERSONAL_DATA', []], question)
    }
  })
})

describe('anonymisation', () => {
  test('no planted name, telephone or e-mail in the index; placeholders instead', async () => {
    const rows = await rowsOf<{ body: string; context: string }>(t.app.deps.database.db.execute(sql`SELECT body, context FROM assistant_excerpts`))
    const all = rows.map((r) => `${r.context}\n${r.body}`).join('\n')
    for (const planted of ['Girard', 'GIRARD', 'Benali', '06 12 34 56 78', '06 98 76 54 32', '04 72 11', '@motrane-service.fr', 'nadia.benali@example.fr']) {
      assert.ok(!all.includes(planted), `${planted} is not indexed`)
    }
    for (const placeholder of ['[personne]', '[téléphone]', '[courriel]']) assert.ok(all.includes(placeholder), placeholder)
    assert.ok(all.includes('45 N.m') && all.includes('0,3 et 0,5 mm') && all.includes('E-214'), 'technical strings survive')
  })
})

describe('scope', () => {
  test('a document taken out of the corpus is never cited from that moment, before any re-indexing', async () => {
    const out = await t.api.updateDocumentCorpus({ params: { id: kinetraDoc }, body: { inCorpus: false } }, admin.token)
    assert.equal(out.status, 200)
    try {
      const res = await ask('kinetra e 214 ?')
      assert.ok(!res.body.citations.some((c) => c.documentId === kinetraDoc), JSON.stringify(res.body))
    } finally {
      await t.api.updateDocumentCorpus({ params: { id: kinetraDoc }, body: { inCorpus: true } }, admin.token)
    }
  })

  test('a technician assigned to another site gets nothing from this site’s manual; a limited technician no other’s report', async () => {
    const onB = await t.userWithRole('Technicien', { siteIds: [siteB] })
    const res = await ask('Quel est l’entrefer du frein Motrane MG250 ?', onB.token)
    assert.equal(res.body.answered, false, JSON.stringify(res.body))
    const limited = await t.userWithRole('Technicien limité')
    const r2 = await ask('serrure palière déréglée sur la motrane : qu’a-t-on fait ?', limited.token)
    assert.ok(!r2.body.citations.some((c) => c.workOrderId === lockOrder.id), JSON.stringify(r2.body))
  })

  test('an elevator outside the caller’s sites answers 404; no token 401; a Demandeur 403', async () => {
    const onB = await t.userWithRole('Technicien', { siteIds: [siteB] })
    assertError(await ask('entrefer ?', onB.token, motrane), 404, 'NOT_FOUND')
    assertError(await ask('entrefer ?', null as never), 401)
    assertError(await ask('entrefer ?', await t.tokenFor('Demandeur')), 403, 'FORBIDDEN')
  })
})

describe('askAssistant: bad input', () => {
  test('empty, blank or over-long question, unknown field: 400 naming the field', async () => {
    for (const [body, field] of [[{ question: '' }, 'question'], [{ question: '   ' }, 'question'], [{ question: 'x'.repeat(501) }, 'question'], [{ question: 'frein', extra: 1 }, 'extra']] as const) {
      const res = await t.request('POST', '/assistant/ask', { token: tech.token, body })
      assertError(res, 400, 'VALIDATION_ERROR')
      assert.ok(JSON.stringify(res.body.error.details).includes(field), JSON.stringify(res.body))
    }
  })
})
