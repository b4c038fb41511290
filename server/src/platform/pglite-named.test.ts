// Named statements on the embedded database: the same answers as PGlite's own query(), the
// text parsed once, errors that leave the connection usable, and never a statement run
// inside someone else's transaction.
import assert from 'node:assert/strict'
import { after, before, test } from 'node:test'
import { PGlite, types } from '@electric-sql/pglite'
import { pgliteTemplate } from '../test/template.ts'
import { useNamedStatements } from './pglite-named.ts'
import { pgliteExtensions } from './db.ts'

let pg: PGlite
let named: Set<string>
// What drizzle's PGlite driver passes: rows as arrays, dates left as text.
const drizzleOptions = { rowMode: 'array' as const, parsers: { [types.TIMESTAMPTZ]: (v: string) => v } }
const TEXT = `SELECT id, label, at, tags, $4::int + 1 AS next
  FROM named_t WHERE ($1::uuid[] IS NULL OR id = ANY($1::uuid[])) AND at >= $2 AND ($3::text IS NULL OR label = $3) ORDER BY label`

before(async () => {
  pg = await PGlite.create('memory://', { loadDataDir: await pgliteTemplate(), extensions: await pgliteExtensions() }) // skips initdb
  named = useNamedStatements(pg)
  await pg.exec(`CREATE TABLE named_t (id uuid PRIMARY KEY, label text, at timestamptz NOT NULL, tags text[] NOT NULL);
    INSERT INTO named_t VALUES ('01900000-0000-7000-8000-000000000001', 'un', '2026-01-01T10:00:00Z', '{a,b}'),
      ('01900000-0000-7000-8000-000000000002', NULL, '2026-02-01T10:00:00Z', '{}'),
      ('01900000-0000-7000-8000-000000000003', 'trois', '2025-01-01T10:00:00Z', '{c}')`)
})
after(() => pg.close())

const prepared = async () => (await pg.query<{ name: string; statement: string }>('SELECT name, statement FROM pg_prepared_statements')).rows

test('a registered text answers exactly what PGlite\'s query() answers, for every kind of parameter, and is parsed once', async () => {
  const cases: unknown[][] = [
    [null, new Date('2026-01-01T00:00:00Z'), null, 1],
    [['01900000-0000-7000-8000-000000000001', '01900000-0000-7000-8000-000000000003'], '2020-01-01T00:00:00Z', null, 41],
    [null, '2020-01-01T00:00:00Z', 'trois', 0],
    [[], '2020-01-01T00:00:00Z', null, 2],
  ]
  const plain = []
  for (const params of cases) plain.push(await pg.query(TEXT, params, drizzleOptions))
  named.add(TEXT)
  for (let round = 0; round < 2; round++) {
    for (const [i, params] of cases.entries()) {
      const res = await pg.query(TEXT, params, drizzleOptions)
      assert.deepEqual(res.rows, plain[i].rows, `case ${i}`)
      assert.deepEqual(res.fields, plain[i].fields)
    }
  }
  assert.deepEqual(await prepared(), [{ name: 'palier_1', statement: TEXT }], 'one named statement, parsed once')
  // Object rows (PGlite's default) too.
  assert.deepEqual((await pg.query(TEXT, cases[2])).rows, [{ id: '01900000-0000-7000-8000-000000000003', label: 'trois', at: new Date('2025-01-01T10:00:00Z'), tags: ['c'], next: 1 }])
})

test('an error answers as PGlite\'s does, with the statement, and leaves the connection usable', async () => {
  const text = 'SELECT 10 / $1::int AS q'
  named.add(text)
  assert.deepEqual((await pg.query(text, [2])).rows, [{ q: 5 }])
  await assert.rejects(pg.query(text, [0]), (err: { code?: string; query?: string; message: string }) => {
    assert.equal(err.code, '22012', err.message) // division_by_zero
    assert.equal(err.query, text)
    return true
  })
  assert.deepEqual((await pg.query(text, [5])).rows, [{ q: 2 }])
  assert.equal((await pg.query('SELECT 1 AS one')).rows.length, 1)
  const broken = 'SELECT nothing_here FROM named_t WHERE id = $1'
  named.add(broken)
  await assert.rejects(pg.query(broken, ['01900000-0000-7000-8000-000000000001']), /nothing_here/)
  assert.deepEqual((await pg.query(text, [1])).rows, [{ q: 10 }], 'still usable after a statement that does not parse')
})

test('a named statement waits for a transaction in progress instead of running inside it', async () => {
  const text = 'SELECT count(*)::int AS n FROM named_t'
  named.add(text)
  let release!: () => void
  const held = new Promise<void>((r) => { release = r })
  const tx = pg.transaction(async (t) => {
    await t.query("INSERT INTO named_t VALUES ('01900000-0000-7000-8000-000000000009', 'neuf', now(), '{}')")
    await held
    await t.rollback()
  })
  await new Promise((r) => setTimeout(r, 20))
  const counted = pg.query<{ n: number }>(text)
  let done = false
  void counted.then(() => { done = true })
  await new Promise((r) => setTimeout(r, 50))
  assert.equal(done, false, 'it waited')
  release()
  await tx
  assert.deepEqual((await counted).rows, [{ n: 3 }], 'the rolled-back row was never seen')
})

test('a closed database answers a named statement as PGlite does ("PGlite is closed", a 503 for the error handler)', async () => {
  const other = await PGlite.create('memory://', { loadDataDir: await pgliteTemplate(), extensions: await pgliteExtensions() })
  useNamedStatements(other).add('SELECT 1 AS one')
  assert.deepEqual((await other.query('SELECT 1 AS one')).rows, [{ one: 1 }])
  await other.close()
  await assert.rejects(other.query('SELECT 1 AS one'), /PGlite is closed/)
})
