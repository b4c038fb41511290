import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { ManualClock } from '../../platform/clock.ts'
import { assertError, createLocation, ok, startTestApp, type TestApp } from '../../test/harness.ts'
import { nextPage } from '../../test/links.ts'
import { roleByName, setPermission } from '../access/access.queries.ts'
import { createPurchaseOrder, insertPart, insertPartner } from './purchase-orders.fixtures.ts'

const clock = new ManualClock('2026-05-04T08:00:00.000Z')
const MISSING = '0190a0a0-0000-7000-8000-000000000000'
const FIELDS = ['allowedTransitions', 'cancelledAt', 'createdAt', 'createdBy', 'id', 'lines', 'note', 'receivedAt', 'reference', 'sentAt', 'status', 'supplier', 'totalCents']
let t: TestApp
let manager: { id: string; token: string }
let supplier: { id: string; name: string }
let other: { id: string; name: string }
let p1: { id: string; reference: string; designation: string }
let p2: { id: string; reference: string; designation: string }

before(async () => {
  t = await startTestApp({ build: { clock } })
  manager = await t.userWithRole('Gestionnaire')
  supplier = await insertPartner(t, { name: 'Ascenseurs Pièces Express' })
  other = await insertPartner(t, { name: 'Lift Components SA' })
  p1 = await insertPart(t, { designation: 'Galet de porte', lastUnitPriceCents: 1200 })
  p2 = await insertPart(t, { designation: 'Bouton palier', lastUnitPriceCents: null })
})
after(() => t.close())

const twoLines = () => [{ partId: p1.id, quantity: 3, unitPriceCents: 1250 }, { partId: p2.id, quantity: 10, unitPriceCents: 499 }]

describe('createPurchaseOrder', () => {
  test('201: a DRAFT order made by the caller, with exactly the fields, lines in order and the total', async () => {
    clock.advance(1000)
    const res = await t.api.createPurchaseOrder({ body: { supplierId: supplier.id, note: '  Urgent  ', lines: twoLines() } }, manager.token)
    const body = ok(res)
    assert.equal(res.status, 201)
    assert.deepEqual(Object.keys(body).sort(), FIELDS)
    assert.match(body.reference, /^BC-\d{6,}$/)
    assert.equal(body.lines.length, 2)
    assert.deepEqual({ ...body, id: undefined, reference: undefined, lines: body.lines.map((l) => ({ ...l, id: undefined })) }, {
      id: undefined, reference: undefined,
      supplier: { id: supplier.id, name: 'Ascenseurs Pièces Express' },
      status: 'DRAFT', note: 'Urgent',
      lines: [
        { id: undefined, part: { id: p1.id, reference: p1.reference, designation: 'Galet de porte' }, quantity: 3, unitPriceCents: 1250, totalCents: 3750, receivedQuantity: 0 },
        { id: undefined, part: { id: p2.id, reference: p2.reference, designation: 'Bouton palier' }, quantity: 10, unitPriceCents: 499, totalCents: 4990, receivedQuantity: 0 },
      ],
      totalCents: 8740,
      createdBy: { id: manager.id, displayName: 'Test Gestionnaire' },
      createdAt: clock.now().toISOString(), sentAt: null, receivedAt: null, cancelledAt: null,
      allowedTransitions: ['send', 'cancel'],
    })
    assert.deepEqual(ok(await t.api.getPurchaseOrder({ params: { id: body.id } }, manager.token)), body)
  })

  test('note is optional (null); references follow each other, also when created at once', async () => {
    const results = await Promise.all(Array.from({ length: 5 }, () => t.api.createPurchaseOrder({ body: { supplierId: supplier.id, lines: twoLines().slice(0, 1) } }, manager.token)))
    const numbers = results.map((r) => Number(ok(r).reference.slice(3))).sort((a, b) => a - b)
    assert.equal(numbers[4] - numbers[0], 4)
    assert.equal(ok(results[0]).note, null)
  })

  test('400 on invalid or unknown fields, empty or too many lines', async () => {
    const line = { partId: p1.id, quantity: 1, unitPriceCents: 100 }
    const cases: [unknown, string][] = [
      [{ lines: [line] }, 'supplierId'],
      [{ supplierId: 'ACME', lines: [line] }, 'supplierId'],
      [{ supplierId: supplier.id }, 'lines'],
      [{ supplierId: supplier.id, lines: [] }, 'lines'],
      [{ supplierId: supplier.id, lines: Array.from({ length: 101 }, () => line) }, 'lines'],
      [{ supplierId: supplier.id, lines: [line], status: 'SENT' }, 'status'],
      [{ supplierId: supplier.id, lines: [{ ...line, quantity: 0 }] }, 'lines.0.quantity'],
      [{ supplierId: supplier.id, lines: [line, { ...line, quantity: 1.5 }] }, 'lines.1.quantity'],
      [{ supplierId: supplier.id, lines: [{ ...line, unitPriceCents: -1 }] }, 'lines.0.unitPriceCents'],
      [{ supplierId: supplier.id, lines: [{ ...line, unitPriceCents: '12.50' }] }, 'lines.0.unitPriceCents'],
      [{ supplierId: supplier.id, lines: [{ partId: p1.id, quantity: 1 }] }, 'lines.0.unitPriceCents'],
      [{ supplierId: supplier.id, lines: [{ ...line, price: 3 }] }, 'lines.0.price'],
      [{ supplierId: supplier.id, lines: [line], note: 'x'.repeat(1001) }, 'note'],
    ]
    for (const [body, field] of cases) {
      const res = await t.request('POST', '/purchase-orders', { token: manager.token, body })
      assertError(res, 400, 'VALIDATION_ERROR')
      assert.ok(res.body.error.details.some((d: { field: string }) => d.field === field), `${field}: ${JSON.stringify(res.body)}`)
    }
  })

  test('400 INVALID_SUPPLIER for an unknown or inactive supplier, or a client; nothing is written', async () => {
    const inactive = await insertPartner(t, { isActive: false })
    const client = await insertPartner(t, { kind: 'CLIENT' })
    const before = ok(await t.api.listPurchaseOrders({ query: { limit: 200 } }, manager.token)).purchaseOrders.length
    for (const supplierId of [MISSING, inactive.id, client.id]) {
      const res = await t.api.createPurchaseOrder({ body: { supplierId, lines: twoLines() } }, manager.token)
      assertError(res, 400, 'INVALID_SUPPLIER')
      assert.deepEqual((res.body as any).error.details, [{ field: 'supplierId', message: 'fournisseur inconnu, inactif ou client' }])
    }
    assert.equal(ok(await t.api.listPurchaseOrders({ query: { limit: 200 } }, manager.token)).purchaseOrders.length, before)
  })

  test('400 UNKNOWN_PART naming every unknown line', async () => {
    const lines = [...twoLines(), { partId: MISSING, quantity: 1, unitPriceCents: 1 }, { partId: p1.id, quantity: 1, unitPriceCents: 1 }, { partId: MISSING, quantity: 2, unitPriceCents: 1 }]
    const res = await t.api.createPurchaseOrder({ body: { supplierId: supplier.id, lines } }, manager.token)
    assertError(res, 400, 'UNKNOWN_PART')
    assert.deepEqual((res.body as any).error.details.map((d: { field: string }) => d.field), ['lines.2.partId', 'lines.4.partId'])
  })

  test('401 without a token; 403 for roles that may not create', async () => {
    assertError(await t.request('POST', '/purchase-orders', { body: { supplierId: supplier.id, lines: twoLines() } }), 401)
    for (const role of ['Dispatcher', 'Technicien', 'Technicien limité', 'Demandeur', 'Vue seule'] as const) {
      assertError(await t.api.createPurchaseOrder({ body: { supplierId: supplier.id, lines: twoLines() } }, await t.tokenFor(role)), 403, 'FORBIDDEN')
    }
    ok(await t.api.createPurchaseOrder({ body: { supplierId: supplier.id, lines: twoLines() } }, await t.tokenFor('Administrateur')))
  })
})

describe('getPurchaseOrder', () => {
  test('404 for an unknown id; readers without edit get no allowedTransitions; 403 for roles without view', async () => {
    assertError(await t.api.getPurchaseOrder({ params: { id: MISSING } }, manager.token), 404, 'NOT_FOUND')
    const order = await createPurchaseOrder(t, manager.token, { supplierId: supplier.id, lines: twoLines() })
    for (const role of ['Dispatcher', 'Vue seule'] as const) {
      const body = ok(await t.api.getPurchaseOrder({ params: { id: order.id } }, await t.tokenFor(role)))
      assert.deepEqual({ ...body, allowedTransitions: undefined }, { ...order, allowedTransitions: undefined })
      assert.deepEqual(body.allowedTransitions, [])
    }
    for (const role of ['Technicien', 'Technicien limité', 'Demandeur'] as const) {
      assertError(await t.api.getPurchaseOrder({ params: { id: order.id } }, await t.tokenFor(role)), 403, 'FORBIDDEN')
    }
    assertError(await t.request('GET', `/purchase-orders/${order.id}`), 401)
  })

  test('without view-other, only the orders the caller created (others answer 404)', async () => {
    const role = await roleByName(t.app.deps.database.db, 'Gestionnaire')
    const own = await t.userWithRole('Gestionnaire')
    const mine = await createPurchaseOrder(t, own.token, { supplierId: supplier.id, lines: twoLines() })
    const theirs = await createPurchaseOrder(t, manager.token, { supplierId: supplier.id, lines: twoLines() })
    const full = { objectCategory: 'PURCHASE_ORDERS' as const, canView: true, canCreate: true, canEdit: true, canDelete: true }
    await setPermission(t.app.deps.database.db, role.id, { ...full, canViewOther: false })
    await t.app.deps.cache.del(`perm:${role.id}`)
    try {
      ok(await t.api.getPurchaseOrder({ params: { id: mine.id } }, own.token))
      assertError(await t.api.getPurchaseOrder({ params: { id: theirs.id } }, own.token), 404, 'NOT_FOUND')
      assertError(await t.api.transitionPurchaseOrder({ params: { id: theirs.id }, body: { action: 'send' } }, own.token), 404, 'NOT_FOUND')
      const listed = ok(await t.api.listPurchaseOrders({ query: { limit: 200 } }, own.token)).purchaseOrders
      assert.deepEqual(listed.map((o) => o.id), [mine.id])
    } finally {
      await setPermission(t.app.deps.database.db, role.id, { ...full, canViewOther: true })
      await t.app.deps.cache.del(`perm:${role.id}`)
    }
  })
})

describe('scope', () => {
  test('a site assignment does not restrict purchase orders (they stand in no site)', async () => {
    const admin = await t.tokenFor('Administrateur')
    const siteId = await createLocation(t, admin, { name: 'Résidence Les Tilleuls' })
    const assigned = await t.userWithRole('Gestionnaire', { siteIds: [siteId] })
    const order = await createPurchaseOrder(t, manager.token, { supplierId: supplier.id, lines: twoLines() })
    assert.equal(ok(await t.api.getPurchaseOrder({ params: { id: order.id } }, assigned.token)).id, order.id)
    assert.equal(ok(await t.api.transitionPurchaseOrder({ params: { id: order.id }, body: { action: 'send' } }, assigned.token)).status, 'SENT')
  })
})

describe('listPurchaseOrders', () => {
  test('the most recent first, filters by status and supplier, pages through the Link header', async () => {
    const s = await insertPartner(t)
    const made = []
    for (let i = 0; i < 5; i++) {
      clock.advance(60_000)
      made.push(await createPurchaseOrder(t, manager.token, { supplierId: s.id, lines: [{ partId: p1.id, quantity: i + 1, unitPriceCents: 100 }] }))
    }
    ok(await t.api.transitionPurchaseOrder({ params: { id: made[1].id }, body: { action: 'send' } }, manager.token))
    const all = ok(await t.api.listPurchaseOrders({ query: { supplierId: s.id } }, manager.token)).purchaseOrders
    assert.deepEqual(all.map((o) => o.id), made.map((o) => o.id).reverse())
    assert.deepEqual(all[0], made[4])
    const sent = ok(await t.api.listPurchaseOrders({ query: { supplierId: s.id, status: 'SENT' } }, manager.token)).purchaseOrders
    assert.deepEqual(sent.map((o) => o.id), [made[1].id])
    assert.equal(ok(await t.api.listPurchaseOrders({ query: { supplierId: other.id } }, manager.token)).purchaseOrders.length, 0)

    const seen: string[] = []
    let url: string | null = `/purchase-orders?supplierId=${s.id}&limit=2`
    while (url) {
      const res = await t.request('GET', url, { token: manager.token })
      assert.equal(res.status, 200)
      assert.ok(res.body.purchaseOrders.length <= 2)
      seen.push(...res.body.purchaseOrders.map((o: { id: string }) => o.id))
      url = nextPage(res.headers)?.url ?? null
    }
    assert.deepEqual(seen, made.map((o) => o.id).reverse())
  })

  test('400 for a bad cursor, status or limit; 401; 403 for roles without view', async () => {
    assertError(await t.request('GET', '/purchase-orders?cursor=abc', { token: manager.token }), 400, 'VALIDATION_ERROR')
    assertError(await t.request('GET', '/purchase-orders?status=OPEN', { token: manager.token }), 400, 'VALIDATION_ERROR')
    assertError(await t.request('GET', '/purchase-orders?limit=0', { token: manager.token }), 400, 'VALIDATION_ERROR')
    assertError(await t.request('GET', '/purchase-orders?foo=1', { token: manager.token }), 400, 'VALIDATION_ERROR')
    assertError(await t.request('GET', '/purchase-orders'), 401)
    assertError(await t.api.listPurchaseOrders({ query: {} }, await t.tokenFor('Technicien')), 403, 'FORBIDDEN')
  })
})
