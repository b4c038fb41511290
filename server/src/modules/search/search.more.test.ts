import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { sql } from 'drizzle-orm'
import { ok, startTestApp, type TestApp } from '../../test/harness.ts'
import { createPart } from '../parts/parts.fixtures.ts'

let t: TestApp
let admin: { id: string; token: string }
const tag = `${process.pid}`
let contactor: { id: string; reference: string }
let emilie: { id: string; token: string }

before(async () => {
  t = await startTestApp()
  admin = await t.userWithRole('Administrateur')
  contactor = await createPart(t, admin.token, { designation: `Contacteur de porte ${tag}` })
  for (let i = 0; i < 7; i++) await createPart(t, admin.token, { designation: `Galet de guidage ${tag} n°${i}` })
  emilie = await t.userWithRole('Technicien')
  await t.app.deps.database.db.execute(sql`UPDATE users SET display_name = ${`Émilie Durand ${tag}`}, initials = 'ED' WHERE id = ${emilie.id}::uuid`)
})
after(() => t.close())

const search = async (q: string, token = admin.token) => ok(await t.api.globalSearch({ query: { q } }, token))

describe('globalSearch: parts and people', () => {
  test('a part by its reference or a word of its designation (accents ignored), with exact fields', async () => {
    const expected = [{ id: contactor.id, reference: contactor.reference, designation: `Contacteur de porte ${tag}`, quantity: 0 }]
    assert.deepEqual((await search(contactor.reference)).parts, expected)
    assert.deepEqual((await search(`contacteur de porte ${tag}`)).parts, expected)
    assert.deepEqual((await search(`CONTACTÉUR DE PORTE ${tag}`)).parts, expected)
  })

  test('at most 5 parts', async () => {
    assert.equal((await search(`guidage ${tag}`)).parts.length, 5)
  })

  test('a person by part of the name, accents and case ignored, with exact fields', async () => {
    const expected = [{ id: emilie.id, displayName: `Émilie Durand ${tag}`, initials: 'ED' }]
    assert.deepEqual((await search(`emilie durand ${tag}`)).people, expected)
    assert.deepEqual((await search(`ÉMILIE`)).people.map((p) => p.id), [emilie.id])
  })

  test('neither family without its view right: a Demandeur finds no part and no person', async () => {
    const demandeur = await t.userWithRole('Demandeur')
    const res = await search(`${tag}`, demandeur.token)
    assert.deepEqual(res.parts, [])
    assert.deepEqual(res.people, [])
  })

  test('without view-other on PEOPLE_TEAMS, only the caller', async () => {
    await t.app.deps.database.db.execute(sql`UPDATE permissions SET can_view_other = false WHERE object_category = 'PEOPLE_TEAMS'
      AND role_id = (SELECT id FROM roles WHERE name = 'Technicien')`)
    try {
      const other = await t.userWithRole('Technicien')
      assert.deepEqual((await search(`emilie durand ${tag}`, other.token)).people, [])
      assert.deepEqual((await search(`emilie durand ${tag}`, emilie.token)).people.map((p) => p.id), [emilie.id])
    } finally {
      await t.app.deps.database.db.execute(sql`UPDATE permissions SET can_view_other = true WHERE object_category = 'PEOPLE_TEAMS'
        AND role_id = (SELECT id FROM roles WHERE name = 'Technicien')`)
    }
  })
})
