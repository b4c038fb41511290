import assert from 'node:assert/strict'
import { randomUUID } from 'node:crypto'
import { after, before, describe, test } from 'node:test'
import { assertError, exactlyOneWins, startTestApp, type TestApp } from '../../test/harness.ts'

const PARTNER_FIELDS = ['address', 'contactName', 'createdAt', 'email', 'id', 'isActive', 'kind', 'name', 'phone']

let t: TestApp
let admin: string
let manager: string

before(async () => {
  t = await startTestApp()
  admin = await t.tokenFor('Administrateur')
  manager = await t.tokenFor('Gestionnaire')
})
after(() => t.close())

async function createPartner(body: Record<string, unknown>, token = manager) {
  const res = await t.request('POST', '/partners', { token, body })
  assert.equal(res.status, 201, JSON.stringify(res.body))
  return res.body
}

async function listPartners(query = '', token = manager) {
  const res = await t.request('GET', `/partners${query}`, { token })
  assert.equal(res.status, 200, JSON.stringify(res.body))
  return res.body.partners as any[]
}

describe('createPartner', () => {
  test('creates a partner with exactly the listed fields, trimmed, and lists it', async () => {
    const p = await createPartner({
      name: '  Ascenseurs Pièces Express  ', kind: 'SUPPLIER', contactName: ' Claire Martin ',
      email: 'commandes@ape.example', phone: '01 23 45 67 89', address: '12 rue des Poulies, 69003 Lyon',
    })
    assert.deepEqual(Object.keys(p).sort(), PARTNER_FIELDS)
    assert.match(p.id, /^[0-9a-f-]{36}$/)
    assert.equal(p.name, 'Ascenseurs Pièces Express')
    assert.equal(p.contactName, 'Claire Martin')
    assert.equal(p.kind, 'SUPPLIER')
    assert.equal(p.isActive, true)
    assert.match(p.createdAt, /Z$/)
    const listed = (await listPartners()).find((x) => x.id === p.id)
    assert.deepEqual(listed, p)
  })

  test('optional fields default to null; an administrator may create too', async () => {
    const p = await createPartner({ name: 'Syndic Dupont', kind: 'CLIENT' }, admin)
    assert.deepEqual([p.contactName, p.email, p.phone, p.address], [null, null, null, null])
  })

  test('400 on invalid or unknown fields', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ name: '', kind: 'CLIENT' }, 'name'],
      [{ name: '   ', kind: 'CLIENT' }, 'name'],
      [{ name: 'x'.repeat(121), kind: 'CLIENT' }, 'name'],
      [{ name: 'Sans type' }, 'kind'],
      [{ name: 'Mauvais type', kind: 'OTHER' }, 'kind'],
      [{ name: 'Mauvais mail', kind: 'CLIENT', email: 'pas-un-mail' }, 'email'],
      [{ name: 'Long tel', kind: 'CLIENT', phone: '1'.repeat(41) }, 'phone'],
      [{ name: 'Long contact', kind: 'CLIENT', contactName: 'c'.repeat(121) }, 'contactName'],
      [{ name: 'Long adresse', kind: 'CLIENT', address: 'a'.repeat(201) }, 'address'],
      [{ name: 'Inconnu', kind: 'CLIENT', siret: '123' }, 'siret'],
      [{ name: 'Null contact', kind: 'CLIENT', contactName: 12 }, 'contactName'],
    ]
    for (const [body, field] of cases) {
      const res = await t.request('POST', '/partners', { token: manager, body })
      assertError(res, 400, 'VALIDATION_ERROR')
      assert.equal(res.body.error.details[0].field, field, JSON.stringify(body))
    }
    // A name of exactly 120 characters is fine.
    await createPartner({ name: 'n'.repeat(120), kind: 'SUPPLIER' })
  })

  test('401 without or with a bad token', async () => {
    assertError(await t.request('POST', '/partners', { body: { name: 'Anonyme', kind: 'CLIENT' } }), 401, 'UNAUTHORIZED')
    assertError(await t.request('POST', '/partners', { token: 'nope', body: { name: 'Anonyme', kind: 'CLIENT' } }), 401)
  })

  test('403 for roles without the PURCHASE_ORDERS create right', async () => {
    for (const role of ['Technicien limité', 'Dispatcher', 'Vue seule'] as const) {
      const res = await t.request('POST', '/partners', { token: await t.tokenFor(role), body: { name: `Refusé ${role}`, kind: 'CLIENT' } })
      assertError(res, 403, 'FORBIDDEN')
    }
  })

  test('409 when the name is used, compared case-insensitively', async () => {
    await createPartner({ name: 'Otis Services', kind: 'SUPPLIER' })
    const res = await t.request('POST', '/partners', { token: manager, body: { name: ' OTIS services ', kind: 'CLIENT' } })
    assertError(res, 409, 'PARTNER_NAME_TAKEN')
  })

  test('8 concurrent creations of one name: exactly one 201, the others 409', async () => {
    await exactlyOneWins(8, (i) => t.request('POST', '/partners', { token: manager, body: { name: i % 2 ? 'Course Lifts' : 'COURSE LIFTS', kind: 'SUPPLIER' } }),
      { winStatus: 201, loseStatus: 409, loseCode: 'PARTNER_NAME_TAKEN' })
    assert.equal((await listPartners()).filter((p) => p.name.toLowerCase() === 'course lifts').length, 1)
  })
})

describe('listPartners', () => {
  test('sorted by name, with kind and active filters', async () => {
    for (const name of ['zeta Tri', 'Alpha Tri', 'mu Tri']) await createPartner({ name, kind: 'SUPPLIER' })
    const sorted = (await listPartners()).map((p) => p.name).filter((n) => n.endsWith(' Tri'))
    assert.deepEqual(sorted, ['Alpha Tri', 'mu Tri', 'zeta Tri'])
    const inactive = await createPartner({ name: 'Ancien Syndic', kind: 'CLIENT' })
    const clients = await listPartners('?kind=CLIENT')
    assert.ok(clients.some((p) => p.id === inactive.id) && clients.every((p) => p.kind === 'CLIENT'))
    await t.request('PATCH', `/partners/${inactive.id}`, { token: manager, body: { isActive: false } })
    // Other tests may have deactivated partners of their own: this one is among the inactive.
    const inactives = await listPartners('?active=false')
    assert.ok(inactives.some((p) => p.id === inactive.id) && inactives.every((p) => !p.isActive))
    assert.ok(!(await listPartners('?active=true')).some((p) => p.id === inactive.id))
  })

  test('read-only roles with the view right may list', async () => {
    for (const role of ['Dispatcher', 'Vue seule'] as const) await listPartners('', await t.tokenFor(role))
  })

  test('400 on a bad filter', async () => {
    assertError(await t.request('GET', '/partners?kind=OTHER', { token: manager }), 400, 'VALIDATION_ERROR')
    assertError(await t.request('GET', '/partners?active=peut-etre', { token: manager }), 400, 'VALIDATION_ERROR')
  })

  test('401 without token, 403 for roles without PURCHASE_ORDERS', async () => {
    assertError(await t.request('GET', '/partners'), 401)
    for (const role of ['Demandeur', 'Technicien', 'Technicien limité'] as const) {
      assertError(await t.request('GET', '/partners', { token: await t.tokenFor(role) }), 403, 'FORBIDDEN')
    }
  })
})

describe('updatePartner', () => {
  test('changes fields, clears nullable ones, and persists', async () => {
    const p = await createPartner({ name: 'Kone Régions', kind: 'SUPPLIER', contactName: 'Paul', phone: '0400' })
    const res = await t.request('PATCH', `/partners/${p.id}`, {
      token: manager, body: { name: ' Kone Sud-Est ', contactName: null, email: 'sud-est@kone.example', phone: null, isActive: false },
    })
    assert.equal(res.status, 200, JSON.stringify(res.body))
    assert.deepEqual(Object.keys(res.body).sort(), PARTNER_FIELDS)
    assert.deepEqual(res.body, { ...p, name: 'Kone Sud-Est', contactName: null, email: 'sud-est@kone.example', phone: null, isActive: false })
    assert.deepEqual((await listPartners()).find((x) => x.id === p.id), res.body)
    const back = await t.request('PATCH', `/partners/${p.id}`, { token: admin, body: { isActive: true } })
    assert.equal(back.body.isActive, true)
  })

  test('keeping its own name (another case) is not a clash', async () => {
    const p = await createPartner({ name: 'Thyssen Lyon', kind: 'SUPPLIER' })
    const res = await t.request('PATCH', `/partners/${p.id}`, { token: manager, body: { name: 'THYSSEN LYON' } })
    assert.equal(res.status, 200)
    assert.equal(res.body.name, 'THYSSEN LYON')
  })

  test('400 on empty body, bad field, unknown field, bad id', async () => {
    const p = await createPartner({ name: 'Validation SA', kind: 'CLIENT' })
    for (const body of [{}, { name: '' }, { name: null }, { kind: 'OTHER' }, { isActive: 'no' }, { email: 'x' }, { color: 'red' }]) {
      assertError(await t.request('PATCH', `/partners/${p.id}`, { token: manager, body }), 400, 'VALIDATION_ERROR')
    }
    assertError(await t.request('PATCH', '/partners/not-a-uuid', { token: manager, body: { isActive: false } }), 400, 'VALIDATION_ERROR')
  })

  test('401, 403, 404', async () => {
    const p = await createPartner({ name: 'Droits SARL', kind: 'CLIENT' })
    assertError(await t.request('PATCH', `/partners/${p.id}`, { body: { isActive: false } }), 401)
    for (const role of ['Technicien', 'Dispatcher', 'Demandeur'] as const) {
      assertError(await t.request('PATCH', `/partners/${p.id}`, { token: await t.tokenFor(role), body: { isActive: false } }), 403, 'FORBIDDEN')
    }
    assertError(await t.request('PATCH', `/partners/${randomUUID()}`, { token: manager, body: { isActive: false } }), 404, 'NOT_FOUND')
  })

  test('409 when renamed to a used name', async () => {
    await createPartner({ name: 'Nom Pris', kind: 'CLIENT' })
    const p = await createPartner({ name: 'Nom Libre', kind: 'CLIENT' })
    assertError(await t.request('PATCH', `/partners/${p.id}`, { token: manager, body: { name: 'nom pris' } }), 409, 'PARTNER_NAME_TAKEN')
  })

  test('a client linked to a site cannot become a supplier; an unlinked one can', async () => {
    const linked = await createPartner({ name: 'Foncia Test', kind: 'CLIENT' })
    const site = await t.request('POST', '/locations', { token: admin, body: { name: 'Résidence Les Tilleuls', partnerId: linked.id } })
    assert.equal(site.status, 201, JSON.stringify(site.body))
    const res = await t.request('PATCH', `/partners/${linked.id}`, { token: manager, body: { kind: 'SUPPLIER', contactName: 'X' } })
    assertError(res, 409, 'PARTNER_IN_USE')
    const after = (await listPartners()).find((x) => x.id === linked.id)
    assert.deepEqual([after.kind, after.contactName], ['CLIENT', null])
    // Deactivating a linked client is allowed: the site keeps it.
    assert.equal((await t.request('PATCH', `/partners/${linked.id}`, { token: manager, body: { isActive: false } })).status, 200)

    const free = await createPartner({ name: 'Client Sans Site', kind: 'CLIENT' })
    const changed = await t.request('PATCH', `/partners/${free.id}`, { token: manager, body: { kind: 'SUPPLIER' } })
    assert.equal(changed.status, 200)
    assert.equal(changed.body.kind, 'SUPPLIER')
    const again = await t.request('PATCH', `/partners/${free.id}`, { token: manager, body: { kind: 'CLIENT' } })
    assert.equal(again.body.kind, 'CLIENT')
  })
})
