import assert from 'node:assert/strict'
import { randomUUID } from 'node:crypto'
import { after, before, describe, test } from 'node:test'
import { roleByName, setPermission } from '../access/access.queries.ts'
import { defaultMatrix } from '../access/access.matrix.ts'
import { assertError, startTestApp, type TestApp } from '../../test/harness.ts'

const LOCATION_FIELDS = ['address', 'assetCount', 'city', 'guardianName', 'guardianPhone', 'id', 'latitude', 'longitude', 'name', 'parentId', 'partnerId', 'partnerName']

let t: TestApp
let admin: string
let dispatcher: string
let client: { id: string; name: string }

before(async () => {
  t = await startTestApp()
  admin = await t.tokenFor('Administrateur')
  dispatcher = await t.tokenFor('Dispatcher')
  client = await createPartner('Syndic Central', 'CLIENT')
})
after(() => t.close())

async function createPartner(name: string, kind: 'CLIENT' | 'SUPPLIER', isActive = true) {
  const res = await t.request('POST', '/partners', { token: admin, body: { name, kind } })
  assert.equal(res.status, 201, JSON.stringify(res.body))
  if (!isActive) await t.request('PATCH', `/partners/${res.body.id}`, { token: admin, body: { isActive: false } })
  return res.body as { id: string; name: string }
}

async function create(body: Record<string, unknown>, token = dispatcher) {
  const res = await t.request('POST', '/locations', { token, body })
  assert.equal(res.status, 201, JSON.stringify(res.body))
  return res.body
}

async function list(token = dispatcher) {
  const res = await t.request('GET', '/locations', { token })
  assert.equal(res.status, 200, JSON.stringify(res.body))
  return res.body.locations as any[]
}

const patch = (id: string, body: unknown, token = dispatcher) => t.request('PATCH', `/locations/${id}`, { token, body })

describe('createLocation', () => {
  test('creates a site with every field, then a zone under it', async () => {
    const site = await create({
      name: '  Tour Part-Dieu  ', address: '129 rue Servient', city: 'Lyon', guardianName: 'M. Bernard',
      guardianPhone: '06 11 22 33 44', latitude: 45.7606, longitude: 4.8570, partnerId: client.id,
    })
    assert.deepEqual(Object.keys(site).sort(), LOCATION_FIELDS)
    assert.deepEqual({ ...site, id: undefined }, {
      id: undefined, name: 'Tour Part-Dieu', parentId: null, address: '129 rue Servient', city: 'Lyon', guardianName: 'M. Bernard',
      guardianPhone: '06 11 22 33 44', latitude: 45.7606, longitude: 4.857, partnerId: client.id, partnerName: 'Syndic Central', assetCount: 0,
    })
    const zone = await create({ name: 'Aile Nord', parentId: site.id }, admin)
    assert.deepEqual(Object.keys(zone).sort(), LOCATION_FIELDS)
    assert.equal(zone.parentId, site.id)
    assert.deepEqual([zone.address, zone.latitude, zone.partnerId, zone.partnerName], [null, null, null, null])
    const all = await list()
    assert.deepEqual(all.find((l) => l.id === site.id), site)
    assert.deepEqual(all.find((l) => l.id === zone.id), zone)
  })

  test('bounds: latitude ±90 and longitude ±180 are accepted', async () => {
    const l = await create({ name: 'Pôle', latitude: -90, longitude: 180, partnerId: null })
    assert.deepEqual([l.latitude, l.longitude, l.partnerId], [-90, 180, null])
  })

  test('400 on invalid or unknown fields', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{}, 'name'],
      [{ name: '' }, 'name'],
      [{ name: '  ' }, 'name'],
      [{ name: 'x'.repeat(121) }, 'name'],
      [{ name: 'A', latitude: 91 }, 'latitude'],
      [{ name: 'A', latitude: -90.5 }, 'latitude'],
      [{ name: 'A', longitude: 180.1 }, 'longitude'],
      [{ name: 'A', latitude: '45.1' }, 'latitude'],
      [{ name: 'A', address: 'a'.repeat(201) }, 'address'],
      [{ name: 'A', city: 'c'.repeat(81) }, 'city'],
      [{ name: 'A', guardianName: 'g'.repeat(121) }, 'guardianName'],
      [{ name: 'A', guardianPhone: '0'.repeat(41) }, 'guardianPhone'],
      [{ name: 'A', parentId: 'pas-un-uuid' }, 'parentId'],
      [{ name: 'A', parentId: null }, 'parentId'],
      [{ name: 'A', partnerId: 'abc' }, 'partnerId'],
      [{ name: 'A', floor: 3 }, 'floor'],
    ]
    for (const [body, field] of cases) {
      const res = await t.request('POST', '/locations', { token: dispatcher, body })
      assertError(res, 400, 'VALIDATION_ERROR')
      assert.equal(res.body.error.details[0].field, field, JSON.stringify(body))
    }
  })

  test('400 for an unknown parent, and for a zone under a zone (depth 2)', async () => {
    assertError(await t.request('POST', '/locations', { token: dispatcher, body: { name: 'Orphelin', parentId: randomUUID() } }), 400, 'UNKNOWN_PARENT')
    const site = await create({ name: 'Site Profondeur' })
    const zone = await create({ name: 'Zone 1', parentId: site.id })
    const res = await t.request('POST', '/locations', { token: dispatcher, body: { name: 'Sous-zone', parentId: zone.id } })
    assertError(res, 400, 'LOCATION_TOO_DEEP')
    assert.ok(!(await list()).some((l) => l.name === 'Sous-zone'))
  })

  test('400 INVALID_PARTNER for a supplier, an inactive client or an unknown partner', async () => {
    const supplier = await createPartner('Fournisseur Câbles', 'SUPPLIER')
    const inactive = await createPartner('Syndic Dissous', 'CLIENT', false)
    for (const partnerId of [supplier.id, inactive.id, randomUUID()]) {
      assertError(await t.request('POST', '/locations', { token: dispatcher, body: { name: 'Site lié', partnerId } }), 400, 'INVALID_PARTNER')
    }
  })

  test('401 without token; 403 for roles without the create right', async () => {
    assertError(await t.request('POST', '/locations', { body: { name: 'Anonyme' } }), 401)
    for (const role of ['Technicien', 'Gestionnaire', 'Demandeur', 'Vue seule'] as const) {
      assertError(await t.request('POST', '/locations', { token: await t.tokenFor(role), body: { name: 'Refusé' } }), 403, 'FORBIDDEN')
    }
  })
})

describe('listLocations', () => {
  test('each site is followed by its zones, sorted by name', async () => {
    const b = await create({ name: 'Ordre B' })
    const a = await create({ name: 'ordre A' })
    const bz2 = await create({ name: 'Zone 2', parentId: b.id })
    const bz1 = await create({ name: 'zone 1', parentId: b.id })
    const az = await create({ name: 'Zone unique', parentId: a.id })
    const ids = (await list()).map((l) => l.id).filter((id) => [a.id, b.id, az.id, bz1.id, bz2.id].includes(id))
    assert.deepEqual(ids, [a.id, az.id, b.id, bz1.id, bz2.id])
  })

  test('every role with the view right may list; 401 without token', async () => {
    for (const role of ['Technicien', 'Technicien limité', 'Gestionnaire', 'Vue seule', 'Demandeur'] as const) await list(await t.tokenFor(role))
    assertError(await t.request('GET', '/locations'), 401)
  })
})

describe('updateLocation', () => {
  test('changes, clears and persists fields', async () => {
    const site = await create({ name: 'Immeuble Bellecour', city: 'Lyon', latitude: 45.75, longitude: 4.83, guardianName: 'Mme Roux' })
    const res = await patch(site.id, { name: ' Immeuble Bellecour Est ', latitude: 45.76, longitude: 4.84, guardianName: '  ', partnerId: client.id })
    assert.equal(res.status, 200, JSON.stringify(res.body))
    assert.deepEqual(res.body, { ...site, name: 'Immeuble Bellecour Est', latitude: 45.76, longitude: 4.84, guardianName: null, partnerId: client.id, partnerName: client.name })
    assert.deepEqual((await list()).find((l) => l.id === site.id), res.body)
    const cleared = await patch(site.id, { partnerId: null, city: '' })
    assert.deepEqual([cleared.body.partnerId, cleared.body.partnerName, cleared.body.city], [null, null, null])
  })

  test('an empty string clears every optional text field; null is refused for all but partnerId', async () => {
    const site = await create({ name: 'Vidage', address: '1 rue A', city: 'Lyon', guardianName: 'M. A', guardianPhone: '0600000000' })
    const res = await patch(site.id, { address: '', city: '', guardianName: '', guardianPhone: '' })
    assert.equal(res.status, 200, JSON.stringify(res.body))
    assert.deepEqual([res.body.address, res.body.city, res.body.guardianName, res.body.guardianPhone], [null, null, null, null])
    for (const field of ['name', 'parentId', 'address', 'city', 'guardianName', 'guardianPhone', 'latitude', 'longitude']) {
      const refused = await patch(site.id, { [field]: null })
      assertError(refused, 400, 'VALIDATION_ERROR')
      assert.equal(refused.body.error.details[0].field, field)
    }
  })

  test('LocationUpdate has exactly the field types of LocationCreate, partnerId the only nullable one', () => {
    const schemas = (t.app.openapi as any).components.schemas
    const create = schemas.LocationCreate.properties
    const update = schemas.LocationUpdate.properties
    assert.deepEqual(Object.keys(update).sort(), Object.keys(create).sort())
    const typeOf = (s: any) => JSON.stringify(s, (k, v) => (k === 'description' ? undefined : v))
    for (const field of Object.keys(create)) assert.equal(typeOf(update[field]), typeOf(create[field]), field)
    assert.deepEqual(schemas.LocationUpdate.required ?? [], [])
  })

  test('400 on empty body, invalid fields, unknown field, bad id', async () => {
    const site = await create({ name: 'Validation' })
    for (const body of [{}, { name: null }, { name: '' }, { latitude: 91 }, { longitude: -181 }, { city: 'c'.repeat(81) }, { parentId: 'x' }, { parentId: null }, { latitude: null }, { owner: 'moi' }]) {
      assertError(await patch(site.id, body), 400, 'VALIDATION_ERROR')
    }
    assertError(await patch('pas-un-uuid', { name: 'X' }), 400, 'VALIDATION_ERROR')
  })

  test('401, 403 and 404', async () => {
    const site = await create({ name: 'Droits' })
    assertError(await t.request('PATCH', `/locations/${site.id}`, { body: { name: 'X' } }), 401)
    for (const role of ['Technicien', 'Gestionnaire', 'Demandeur'] as const) {
      assertError(await patch(site.id, { name: 'X' }, await t.tokenFor(role)), 403, 'FORBIDDEN')
    }
    assertError(await patch(randomUUID(), { name: 'X' }), 404, 'NOT_FOUND')
  })

  test('hierarchy rules: own parent, depth, site to zone, moving a zone', async () => {
    const s1 = await create({ name: 'Hiérarchie 1' })
    const s2 = await create({ name: 'Hiérarchie 2' })
    const z1 = await create({ name: 'Z1', parentId: s1.id })
    assertError(await patch(s2.id, { parentId: s2.id }), 400, 'INVALID_PARENT')
    assertError(await patch(z1.id, { parentId: z1.id }), 400, 'INVALID_PARENT')
    assertError(await patch(s2.id, { parentId: randomUUID() }), 400, 'UNKNOWN_PARENT')
    // Under a zone: too deep. A site with zones moved under another site: too deep too.
    assertError(await patch(s2.id, { parentId: z1.id }), 400, 'LOCATION_TOO_DEEP')
    assertError(await patch(s1.id, { parentId: s2.id }), 400, 'LOCATION_TOO_DEEP')
    // A zone moves to another site.
    assert.equal((await patch(z1.id, { parentId: s2.id })).body.parentId, s2.id)
    // s1 has no zones any more: it may become a zone of s2.
    assert.equal((await patch(s1.id, { parentId: s2.id })).body.parentId, s2.id)
    // Keeping the same parent is not a move.
    assert.equal((await patch(s1.id, { parentId: s2.id, name: 'Hiérarchie 1 bis' })).status, 200)
  })

  test('409 SITE_IN_USE when a site assigned to users would become a zone', async () => {
    const target = await create({ name: 'Site Cible' })
    const assigned = await create({ name: 'Site Affecté' })
    await t.userWithRole('Demandeur', { siteIds: [assigned.id] })
    assertError(await patch(assigned.id, { parentId: target.id }), 409, 'SITE_IN_USE')
    assert.equal((await list()).find((l) => l.id === assigned.id).parentId, null)
  })

  test('an inactive partner already linked may be kept, not newly linked', async () => {
    const p = await createPartner('Syndic Sortant', 'CLIENT')
    const a = await create({ name: 'Lié avant', partnerId: p.id })
    const b = await create({ name: 'Jamais lié' })
    await t.request('PATCH', `/partners/${p.id}`, { token: admin, body: { isActive: false } })
    const kept = await patch(a.id, { name: 'Lié avant (renommé)', partnerId: p.id })
    assert.equal(kept.status, 200, JSON.stringify(kept.body))
    assert.equal(kept.body.partnerId, p.id)
    assertError(await patch(b.id, { partnerId: p.id }), 400, 'INVALID_PARTNER')
    const supplier = await createPartner('Fournisseur Portes', 'SUPPLIER')
    assertError(await patch(b.id, { partnerId: supplier.id }), 400, 'INVALID_PARTNER')
  })
})

describe('Demandeur site scope', () => {
  test('sees only its sites and their zones; other sites answer 404 even with the edit right', async () => {
    const mine = await create({ name: 'Scope Mon Site' })
    const myZone = await create({ name: 'Scope Ma Zone', parentId: mine.id })
    const other = await create({ name: 'Scope Autre Site' })
    const otherZone = await create({ name: 'Scope Autre Zone', parentId: other.id })
    const scoped = await t.userWithRole('Demandeur', { siteIds: [mine.id] })
    assert.deepEqual((await list(scoped.token)).map((l) => l.id), [mine.id, myZone.id])
    // Without assignment, no restriction.
    const free = await t.userWithRole('Demandeur')
    assert.ok((await list(free.token)).some((l) => l.id === other.id))
    // Permission comes first: without the edit right, 403 whatever the location.
    assertError(await patch(other.id, { name: 'X' }, scoped.token), 403, 'FORBIDDEN')
    assertError(await patch(mine.id, { name: 'X' }, scoped.token), 403, 'FORBIDDEN')

    const role = (await roleByName(t.app.deps.database.db, 'Demandeur'))!
    const row = defaultMatrix('Demandeur').find((r) => r.objectCategory === 'LOCATIONS')!
    const setEdit = async (canEdit: boolean) => {
      await setPermission(t.app.deps.database.db, role.id, { ...row, canEdit })
      await t.app.deps.cache.del(`perm:${role.id}`)
    }
    await setEdit(true)
    try {
      assertError(await patch(other.id, { name: 'X' }, scoped.token), 404, 'NOT_FOUND')
      assertError(await patch(otherZone.id, { name: 'X' }, scoped.token), 404, 'NOT_FOUND')
      assert.equal((await patch(myZone.id, { guardianName: 'Gardien' }, scoped.token)).status, 200)
      // A parent outside the scope is as unknown as a missing one.
      assertError(await patch(myZone.id, { parentId: other.id }, scoped.token), 400, 'UNKNOWN_PARENT')
    } finally {
      await setEdit(false)
    }
    assert.equal((await list()).find((l) => l.id === other.id).name, 'Scope Autre Site')
  })
})

describe('concurrent writers keep the rules', () => {
  test('a site moved under another while a zone is created under it: never three levels', async () => {
    for (let i = 0; i < 5; i++) {
      const s1 = await create({ name: `Course ${i} A` })
      const s2 = await create({ name: `Course ${i} B` })
      const [move, zone] = await Promise.all([
        patch(s1.id, { parentId: s2.id }),
        t.request('POST', '/locations', { token: dispatcher, body: { name: `Course ${i} zone`, parentId: s1.id } }),
      ])
      assert.ok([200, 400].includes(move.status) && [201, 400].includes(zone.status), `${move.status} ${zone.status}`)
      assert.ok(!(move.status === 200 && zone.status === 201), 'both succeeded: depth 3')
    }
  })

  test('two sites moved under each other at once: one wins, no deadlock error', async () => {
    for (let i = 0; i < 5; i++) {
      const a = await create({ name: `Croisé ${i} A` })
      const b = await create({ name: `Croisé ${i} B` })
      const results = await Promise.all([patch(a.id, { parentId: b.id }), patch(b.id, { parentId: a.id })])
      assert.deepEqual(results.map((r) => r.status).sort(), [200, 400], JSON.stringify(results.map((r) => r.body)))
    }
  })

  test('a client turned supplier while a site links to it: never both', async () => {
    for (let i = 0; i < 5; i++) {
      const p = await createPartner(`Course Syndic ${i}`, 'CLIENT')
      const [kind, link] = await Promise.all([
        t.request('PATCH', `/partners/${p.id}`, { token: admin, body: { kind: 'SUPPLIER' } }),
        t.request('POST', '/locations', { token: dispatcher, body: { name: `Course site ${i}`, partnerId: p.id } }),
      ])
      assert.ok(!(kind.status === 200 && link.status === 201), 'a supplier ended up linked to a site')
      assert.ok([200, 409].includes(kind.status) && [201, 400].includes(link.status), `${kind.status} ${link.status}`)
    }
  })
})
