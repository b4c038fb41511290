// How askAssistant chooses between excerpts that share the question's words: the maker's own
// manual before another maker's manual attached to the same elevator, the quantity asked and
// the value asked as conditions of an answer, a sentence wrapped by the PDF read whole, and an
// elevator's own reports before the fleet's.
import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { startTestApp, type TestApp } from '../../test/harness.ts'
import { insertLocation } from '../work-orders/work-orders.fixtures.ts'
import { closedOrder, insertElevator, uploadManual, valueIds } from './assistant.fixtures.ts'

let t: TestApp
let tech: string
let motrane: string, other: string, motraneDoc: string, vertikaDoc: string, hydrolisDoc: string
let ownReport: { id: string; reference: string }

const MOTRANE = [
  'Motrane MG250 et MG400 — Machine de traction et frein\nCaractéristiques générales de la machine.',
  'Garnitures de frein\nÉpaisseur des garnitures neuves : 6 mm. Remplacer les garnitures lorsque l’épaisseur restante est inférieure à 3 mm sur MG250, ou\ninférieure à 4 mm sur MG400. Toujours remplacer les garnitures des deux circuits ensemble.',
  'Lubrification\nGuides de cabine et de contrepoids : lubrificateurs à mèche remplis d’huile de guide ISO VG 68.\nContrôler le niveau des lubrificateurs à chaque visite.',
]
// Another maker's manual, attached to the Motrane elevator: it names guides and oil too.
const VERTIKA = [
  'Vertika LV8 — Limiteur de vitesse et parachute\nLe limiteur LV8 convient aux ascenseurs de vitesse nominale 0,5 à 2,5 m/s.',
  'Vitesse de déclenchement\nVitesse nominale 1,0 m/s : déclenchement à 1,15 m/s.\nVitesse nominale 1,6 m/s : déclenchement à 1,85 m/s.',
  'Guides\nNe pas mettre d’huile ni de graisse sur les guides au droit des mâchoires du parachute : elle allonge la distance d’arrêt.',
]

const HYDROLIS = [
  'Hydrolis HU60 — Centrale hydraulique\nRéglages du bloc de vannes.',
  'Réglages\nSoupape de limitation de pression : tarage à 1,4 fois la pression statique au maximum.\nClapet parachute monté sur le vérin : essai annuel, il se ferme lorsque la descente dépasse la vitesse nominale de 0,3 m/s.',
]

const ask = (question: string, assetId?: string) => t.api.askAssistant({ body: { question, ...(assetId ? { assetId } : {}) } }, tech)

before(async () => {
  t = await startTestApp()
  const admin = (await t.userWithRole('Administrateur')).token
  tech = (await t.userWithRole('Technicien')).token
  const site = await insertLocation(t, 'Résidence du Parc')
  motrane = await insertElevator(t, site, 'Motrane', 'MG250')
  other = await insertElevator(t, site, 'Motrane', 'MG250')
  motraneDoc = await uploadManual(t, admin, motrane, 'Motrane_MG250-MG400_machine.pdf', MOTRANE)
  vertikaDoc = await uploadManual(t, admin, motrane, 'Vertika_LV8_limiteur.pdf', VERTIKA)
  hydrolisDoc = await uploadManual(t, admin, other, 'Hydrolis_HU60_centrale.pdf', HYDROLIS)
  const ids = await valueIds(t, admin)
  const leak = { symptom: 'Fuite d\'huile', cause: 'Usure', action: 'Remplacement' }
  for (let i = 0; i < 4; i++) await closedOrder(t, tech, other, ids, { ...leak, description: `Fuite d’huile au vérin, joint remplacé (${i + 1})` })
  ownReport = await closedOrder(t, tech, motrane, ids, { ...leak, description: 'Fuite d’huile au vérin', notes: 'Joint de tige remplacé, niveau d’huile complété.' })
  const res = await t.api.reindexAssistant({}, admin)
  assert.equal(res.status, 200, JSON.stringify(res.body))
})
after(() => t.close())

describe('askAssistant: which excerpt answers', () => {
  test('cites the maker’s own manual before another maker’s manual attached to the same elevator', async () => {
    const res = await ask('quelle huile pour les guides motrane')
    assert.equal(res.body.answered, true, JSON.stringify(res.body))
    assert.deepEqual([res.body.citations[0]!.documentId, res.body.citations[0]!.page], [motraneDoc, 3])
    assert.match(res.body.answer, /ISO VG 68/)
  })

  test('refuses when the page about the part gives another quantity than the one asked', async () => {
    const res = await ask('masse du contrepoids d’un MG250')
    assert.equal(res.body.answered, false, JSON.stringify(res.body))
    assert.equal(res.body.refusalReason, 'TERMS_NOT_COVERED')
    assert.deepEqual(res.body.citations, [])
  })

  test('refuses a value the table does not list, even where a page names it in a range', async () => {
    const refused = await ask('vitesse de declenchement du limiteur LV8 pour une vitesse nominale de 2,5 m/s')
    assert.equal(refused.body.answered, false, JSON.stringify(refused.body))
    const answered = await ask('vitesse de declenchement du limiteur LV8 pour une vitesse nominale de 1,6 m/s')
    assert.equal(answered.body.answered, true, JSON.stringify(answered.body))
    assert.deepEqual([answered.body.citations[0]!.documentId, answered.body.citations[0]!.page], [vertikaDoc, 2])
    assert.match(answered.body.answer, /1,85 m\/s/)
  })

  test('refuses when the page names the part asked but gives the value for another part', async () => {
    const refused = await ask('pression de tarage du clapet parachute HU60')
    assert.equal(refused.body.answered, false, JSON.stringify(refused.body))
    const answered = await ask('pression de tarage de la soupape HU60')
    assert.equal(answered.body.answered, true, JSON.stringify(answered.body))
    assert.deepEqual([answered.body.citations[0]!.documentId, answered.body.citations[0]!.page], [hydrolisDoc, 2])
    assert.match(answered.body.answer, /1,4 fois/)
  })

  test('reads a sentence wrapped over two lines of the PDF as one: the model on the next line answers', async () => {
    const res = await ask('epaisseur mini des garnitures de frein MG400 avant de les changer')
    assert.equal(res.body.answered, true, JSON.stringify(res.body))
    assert.deepEqual([res.body.citations[0]!.documentId, res.body.citations[0]!.page], [motraneDoc, 2])
    assert.match(res.body.answer, /4 mm sur MG400/)
  })

  test('asked about an elevator, its own report comes before the same case on another elevator', async () => {
    const res = await ask('on a deja eu une fuite d’huile au verin ?', motrane)
    assert.equal(res.body.answered, true, JSON.stringify(res.body))
    assert.equal(res.body.citations[0]!.workOrderReference, ownReport.reference)
  })
})
