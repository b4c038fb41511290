// The harness itself: template copies, the typed client, the race helper.
import assert from 'node:assert/strict'
import { access } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { after, before, test } from 'node:test'
import { sql } from 'drizzle-orm'
import { partners } from '../modules/partners/partners.tables.ts'
import { exactlyOneWins, ok, startTestApp, type TestApp } from './harness.ts'
import { templateKey } from './template.ts'

let t: TestApp
let admin: string
before(async () => {
  t = await startTestApp()
  admin = await t.tokenFor('Administrateur')
})
after(() => t.close())

test('each test app starts from the migrated and seeded template, in a store of its own', async () => {
  const other = await startTestApp()
  try {
    for (const app of [t, other]) {
      const roles = await app.app.deps.database.db.execute(sql`SELECT count(*)::int AS n FROM roles`)
      assert.equal(((roles as unknown as { rows: { n: number }[] }).rows ?? roles)[0].n, 7)
      assert.ok(ok(await app.api.listCategories({}, await app.tokenFor('Technicien'))).categories.length > 0)
    }
    await t.app.deps.database.db.insert(partners).values({ id: '0190f0e2-0000-7000-8000-0000000000aa', name: 'Seulement ici', kind: 'CLIENT' })
    const names = async (app: TestApp) => ok(await app.api.listPartners({}, await app.tokenFor('Administrateur'))).partners.map((p) => p.name)
    assert.ok((await names(t)).includes('Seulement ici'))
    assert.ok(!(await names(other)).includes('Seulement ici'))
  } finally {
    await other.close()
  }
  const key = await templateKey()
  assert.match(key, /^[0-9a-f]{16}$/)
  if (process.env.DATABASE_URL) {
    const { rows } = await t.app.deps.database.db.execute(sql`SELECT datistemplate, datallowconn FROM pg_database WHERE datname = ${`palier_tpl_${key}`}`) as unknown as { rows: { datistemplate: boolean; datallowconn: boolean }[] }
    assert.deepEqual(rows, [{ datistemplate: true, datallowconn: false }])
  } else {
    await access(path.join(os.tmpdir(), `palier-test-template-${key}.tar`))
  }
})

test('the typed client fills path parameters, query and body; ok() checks the declared status', async () => {
  const created = await t.api.createCategory({ body: { kind: 'COMPONENT_TYPE', name: 'Galet (client typé)' } }, admin)
  assert.deepEqual([created.status, created.successStatus], [201, 201])
  const renamed = ok(await t.api.updateCategory({ params: { id: created.body.id }, body: { name: 'Galet renommé' } }, admin))
  assert.equal(renamed.name, 'Galet renommé')
  const listed = ok(await t.api.listCategories({ query: { kind: 'COMPONENT_TYPE', active: true } }, admin)).categories
  assert.ok(listed.every((c) => c.kind === 'COMPONENT_TYPE'))
  assert.ok(listed.some((c) => c.id === created.body.id))
  // A refusal keeps its status and error body; ok() turns it into a failed assertion.
  const refused = await t.api.createCategory({ body: { kind: 'EQUIPMENT', name: 'Interdit' } }, await t.tokenFor('Vue seule'))
  assert.equal(refused.status, 403)
  assert.throws(() => ok(refused), assert.AssertionError)
  assert.equal((await t.api.getHealth()).status, 200)
})

test('exactlyOneWins returns the winner and the losers, and fails on two winners or an odd loser', async () => {
  const answer = (status: number, code?: string) => async () => ({ status, body: code ? { error: { code } } : { id: 'x' } })
  const race = await exactlyOneWins(4, (i) => answer(i === 2 ? 201 : 409, i === 2 ? undefined : 'TAKEN')(), { winStatus: 201, loseStatus: 409, loseCode: 'TAKEN' })
  assert.equal(race.winner, race.results[2])
  assert.equal(race.losers.length, 3)
  await assert.rejects(exactlyOneWins(3, (i) => answer(i ? 201 : 409)(), { winStatus: 201, loseStatus: 409 }), /exactly one 201/)
  await assert.rejects(exactlyOneWins(3, (i) => answer(i ? 409 : 201, i === 1 ? 'OTHER' : 'TAKEN')(), { winStatus: 201, loseStatus: 409, loseCode: 'TAKEN' }))
  await assert.rejects(exactlyOneWins(3, (i) => answer(i ? 500 : 201)(), { winStatus: 201, loseStatus: 409 }))
})
