// Parts: createPart, getPart, listParts, updatePart — fields, input checks, rights, filters
// and pagination. Stock movements have their own file (parts.movements.test.ts).
import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { assertError, startTestApp, type TestApp } from '../../test/harness.ts'
import { nextPage } from '../../test/links.ts'
import { createPart, insertSupplier, stockedPart } from './parts.fixtures.ts'
import { PartDetail } from './parts.schemas.ts'
import { assertMatchesSchema } from '../../test/schema-check.ts'

export const PART_FIELDS = [
  'belowThreshold', 'createdAt', 'designation', 'id', 'lastUnitPriceCents', 'quantity', 'reference', 'reorderThreshold', 'supplier', 'updatedAt',
]
const MISSING = '0190a0a0-0000-7000-8000-000000000000'

let t: TestApp
let manager: string
let supplier: string, client: string, inactive: string

before(async () => {
  t = await startTestApp()
  manager = await t.tokenFor('Gestionnaire')
  supplier = await insertSupplier(t, 'Pièces Ascenseurs Lyon')
  client = await insertSupplier(t, 'Syndic Martin', { kind: 'CLIENT' })
  inactive = await insertSupplier(t, 'Ancien Fournisseur', { isActive: false })
})
after(() => t.close())

describe('createPart', () => {
  test('201 PartDetail with exactly the fields: P- reference, stock 0, price unknown, supplier embedded', async () => {
    const p = await createPart(t, manager, { designation: '  Galet de porte palière  ', reorderThreshold: 4, supplierId: supplier })
    assert.deepEqual(Object.keys(p).sort(), [...PART_FIELDS, 'movements'].sort())
    assert.match(p.reference, /^P-\d{6}$/)
    assert.equal(p.designation, 'Galet de porte palière')
    assert.equal(p.reorderThreshold, 4)
    assert.deepEqual(p.supplier, { id: supplier, name: 'Pièces Ascenseurs Lyon' })
    assert.equal(p.lastUnitPriceCents, null)
    assert.equal(p.quantity, 0)
    assert.equal(p.belowThreshold, true)
    assert.deepEqual(p.movements, [])
    assert.match(p.createdAt, /Z$/)
    assert.equal(p.updatedAt, p.createdAt)
    const again = await createPart(t, manager, { designation: 'Contacteur' })
    assert.ok(Number(again.reference.slice(2)) > Number(p.reference.slice(2)), 'references increase')
    assert.equal(again.supplier, null)
    assert.equal(again.reorderThreshold, 0)
    assert.equal(again.belowThreshold, false, 'threshold 0: never under it')
  })

  test('10 concurrent creations get 10 distinct references from the sequence', async () => {
    const made = await Promise.all(Array.from({ length: 10 }, (_, i) => createPart(t, manager, { designation: `Simultanée ${i}` })))
    assert.equal(new Set(made.map((p) => p.reference)).size, 10)
    for (const p of made) assert.match(p.reference, /^P-\d{6}$/)
  })

  test('400 on invalid or unknown fields', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{}, 'designation'],
      [{ designation: '' }, 'designation'],
      [{ designation: '   ' }, 'designation'],
      [{ designation: 'x'.repeat(201) }, 'designation'],
      [{ designation: 'Seuil', reorderThreshold: -1 }, 'reorderThreshold'],
      [{ designation: 'Seuil', reorderThreshold: 1.5 }, 'reorderThreshold'],
      [{ designation: 'Fournisseur', supplierId: 'abc' }, 'supplierId'],
      [{ designation: 'Quantité', quantity: 3 }, 'quantity'],
      [{ designation: 'Prix', lastUnitPriceCents: 100 }, 'lastUnitPriceCents'],
    ]
    for (const [body, field] of cases) {
      const res = await t.request('POST', '/parts', { token: manager, body })
      assertError(res, 400, 'VALIDATION_ERROR')
      assert.equal(res.body.error.details[0].field, field, JSON.stringify(body))
    }
  })

  test('400 INVALID_SUPPLIER for an unknown partner, a client or an inactive supplier', async () => {
    for (const supplierId of [MISSING, client, inactive]) {
      const res = await t.api.createPart({ body: { designation: 'Refusée', supplierId } }, manager)
      assertError(res, 400, 'INVALID_SUPPLIER')
      assert.equal((res.body as any).error.details[0].field, 'supplierId')
    }
  })

  test('401 without a token; 403 for roles without PARTS create; Administrateur and Gestionnaire may', async () => {
    assertError(await t.request('POST', '/parts', { body: { designation: 'Anonyme' } }), 401, 'UNAUTHORIZED')
    for (const role of ['Technicien', 'Dispatcher', 'Vue seule', 'Demandeur'] as const) {
      assertError(await t.api.createPart({ body: { designation: `Refusée ${role}` } }, await t.tokenFor(role)), 403, 'FORBIDDEN')
    }
    await createPart(t, await t.tokenFor('Administrateur'), { designation: 'Par admin' })
  })
})

describe('getPart', () => {
  test('200 with the ledger newest first; a Technicien may read; 404 unknown; 403 Demandeur', async () => {
    const p = await stockedPart(t, manager, 'Câble de traction 8 mm', 5, 1250)
    const res = await t.api.getPart({ params: { id: p.id } }, await t.tokenFor('Technicien'))
    assert.equal(res.status, 200)
    assert.deepEqual(res.body, p)
    assert.equal(p.quantity, 5)
    assert.equal(p.lastUnitPriceCents, 1250)
    assert.equal(p.movements.length, 1)
    assertMatchesSchema(PartDetail, res.body, 'the text the database built')
    assertError(await t.api.getPart({ params: { id: MISSING } }, manager), 404, 'NOT_FOUND')
    assertError(await t.api.getPart({ params: { id: p.id } }, await t.tokenFor('Demandeur')), 403, 'FORBIDDEN')
    assertError(await t.request('GET', `/parts/${p.id}`), 401)
    assertError(await t.request('GET', '/parts/pas-un-id', { token: manager }), 400, 'VALIDATION_ERROR')
  })
})

describe('listParts', () => {
  test('reference order, filters q (case and accents ignored), supplierId, belowThreshold', async () => {
    const other = await insertSupplier(t, 'Fournisseur Filtre')
    const a = await createPart(t, manager, { designation: 'Poulie Élévatrice FILTRE', reorderThreshold: 2, supplierId: other })
    const b = await stockedPart(t, manager, 'poulie elevatrice filtre bis', 3, 100)
    await t.api.updatePart({ params: { id: b.id }, body: { supplierId: other, reorderThreshold: 3 } }, manager)
    const list = async (query: Record<string, unknown>) => {
      const res = await t.api.listParts({ query }, await t.tokenFor('Vue seule'))
      assert.equal(res.status, 200, JSON.stringify(res.body))
      return res.body.parts
    }
    const found = await list({ q: 'POULIE ELEVATRICE' })
    assert.deepEqual(found.map((p) => p.id), [a.id, b.id])
    assert.deepEqual(Object.keys(found[0]).sort(), PART_FIELDS)
    const { movements: _, ...summary } = (await t.api.getPart({ params: { id: a.id } }, manager)).body
    assert.deepEqual(found[0], summary)
    assert.deepEqual((await list({ q: a.reference.toLowerCase() })).map((p) => p.id), [a.id])
    assert.deepEqual((await list({ supplierId: other })).map((p) => p.id), [a.id, b.id])
    assert.deepEqual((await list({ supplierId: other, belowThreshold: true })).map((p) => p.id), [a.id])
    assert.deepEqual((await list({ supplierId: other, belowThreshold: false })).map((p) => p.id), [b.id], 'quantity 3 = threshold 3: not under it')
    assert.deepEqual(await list({ q: 'aucune pièce ne porte ce nom' }), [])
    assert.deepEqual(await list({ q: '%' }), [], 'wildcards are literal')
  })

  test('keyset pages with the Link header', async () => {
    const ids: string[] = []
    for (let i = 0; i < 7; i++) ids.push((await createPart(t, manager, { designation: `Page-test ${i}` })).id)
    const seen: string[] = []
    let url = '/parts?q=page-test&limit=3'
    for (let pages = 0; pages < 5; pages++) {
      const res = await t.request('GET', url, { token: manager })
      assert.equal(res.status, 200)
      seen.push(...res.body.parts.map((p: { id: string }) => p.id))
      const next = nextPage(res.headers)
      if (!next) break
      assert.match(String(res.headers.link), /^<\/api\/parts\?q=page-test&cursor=[A-Za-z0-9_-]+&limit=3>; rel="next"$/)
      url = next.url.replace(/^\/api/, '')
    }
    assert.deepEqual(seen, ids)
  })

  test('400 on a bad filter or cursor; 401; 403 Demandeur', async () => {
    for (const query of ['limit=0', 'limit=201', 'cursor=@@', 'cursor=WyJ4Il0', 'belowThreshold=peut-etre', 'supplierId=x', 'color=red']) {
      assertError(await t.request('GET', `/parts?${query}`, { token: manager }), 400, 'VALIDATION_ERROR')
    }
    assertError(await t.request('GET', '/parts'), 401)
    assertError(await t.api.listParts({ query: {} }, await t.tokenFor('Demandeur')), 403, 'FORBIDDEN')
  })
})

describe('updatePart', () => {
  test('changes designation, threshold and supplier; null unlinks; an inactive current supplier may stay', async () => {
    const p = await createPart(t, manager, { designation: 'Ancienne désignation', supplierId: supplier })
    const res = await t.api.updatePart({ params: { id: p.id }, body: { designation: ' Nouvelle désignation ', reorderThreshold: 7 } }, manager)
    assert.equal(res.status, 200, JSON.stringify(res.body))
    assert.equal(res.body.designation, 'Nouvelle désignation')
    assert.equal(res.body.reorderThreshold, 7)
    assert.equal(res.body.belowThreshold, true)
    assert.deepEqual(res.body.supplier, { id: supplier, name: 'Pièces Ascenseurs Lyon' })
    const unlinked = await t.api.updatePart({ params: { id: p.id }, body: { supplierId: null } }, await t.tokenFor('Administrateur'))
    assert.equal(unlinked.body.supplier, null)
    // Linked, then deactivated: keeping it is fine, choosing it anew is not.
    const soon = await insertSupplier(t, 'Bientôt inactif')
    await t.api.updatePart({ params: { id: p.id }, body: { supplierId: soon } }, manager)
    await t.api.updatePartner({ params: { id: soon }, body: { isActive: false } }, manager)
    assert.equal((await t.api.updatePart({ params: { id: p.id }, body: { supplierId: soon, designation: 'Gardé' } }, manager)).status, 200)
    const other = await createPart(t, manager, { designation: 'Autre' })
    assertError(await t.api.updatePart({ params: { id: other.id }, body: { supplierId: soon } }, manager), 400, 'INVALID_SUPPLIER')
  })

  test('the supplier of parts cannot become a client (409 PARTNER_IN_USE); racing a link, one of the two is refused', async () => {
    const linked = await insertSupplier(t, 'Fournisseur lié')
    await createPart(t, manager, { designation: 'Liée', supplierId: linked })
    assertError(await t.api.updatePartner({ params: { id: linked }, body: { kind: 'CLIENT' } }, manager), 409, 'PARTNER_IN_USE')
    for (let round = 0; round < 5; round++) {
      const racing = await insertSupplier(t, `Fournisseur en course ${round}`)
      const [part, change] = await Promise.all([
        t.api.createPart({ body: { designation: `Course ${round}`, supplierId: racing } }, manager),
        t.api.updatePartner({ params: { id: racing }, body: { kind: 'CLIENT' } }, manager),
      ])
      const outcome = [part.status, change.status].join('/')
      assert.ok(outcome === '201/409' || outcome === '400/200', outcome)
    }
  })

  test('400 empty or unknown fields (quantity and price are never set here), 404, 403 Technicien', async () => {
    const p = await createPart(t, manager, { designation: 'Intouchable' })
    for (const [body, field] of [[{ quantity: 10 }, 'quantity'], [{ lastUnitPriceCents: 5 }, 'lastUnitPriceCents'], [{ designation: ' ' }, 'designation']] as const) {
      const res = await t.request('PATCH', `/parts/${p.id}`, { token: manager, body })
      assertError(res, 400, 'VALIDATION_ERROR')
      assert.equal(res.body.error.details[0].field, field)
    }
    assertError(await t.request('PATCH', `/parts/${p.id}`, { token: manager, body: {} }), 400, 'VALIDATION_ERROR')
    assertError(await t.api.updatePart({ params: { id: MISSING }, body: { designation: 'X' } }, manager), 404, 'NOT_FOUND')
    assertError(await t.api.updatePart({ params: { id: p.id }, body: { designation: 'X' } }, await t.tokenFor('Technicien')), 403, 'FORBIDDEN')
    assertError(await t.request('PATCH', `/parts/${p.id}`, { body: { designation: 'X' } }), 401)
  })
})
