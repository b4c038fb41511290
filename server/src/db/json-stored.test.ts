// json_stored (migrations 0036 and 0039): the form the writers keep answers in, ASCII and
// compact, must be the same JSON value as what the builders wrote, whatever people type into
// the texts it carries, and compacting it again (every update's trigger does) changes nothing.
import assert from 'node:assert/strict'
import { after, before, test } from 'node:test'
import { sql } from 'drizzle-orm'
import { rowsOf } from './set-based.queries.ts'
import { startTestApp, type TestApp } from '../test/harness.ts'

let t: TestApp
before(async () => { t = await startTestApp() })
after(() => t.close())

interface Case { k: string; l: [string, string]; m: string; j: Record<string, string> }

/** Each case built as the builders build (json_build_object around a jsonb payload), then kept. */
async function kept(cases: Case[]): Promise<{ once: string; twice: string }[]> {
  return rowsOf(t.app.deps.database.db.execute(sql`
    SELECT s.once, json_stored(s.once) AS twice FROM (
      SELECT v.n, json_stored(json_build_object('k', v.c->>'k', 'l', json_build_array(v.c->'l'->>0, v.c->'l'->>1),
        'm', v.c->>'m', 'j', v.c->'j')::text) AS once
      FROM jsonb_array_elements(${JSON.stringify(cases)}::jsonb) WITH ORDINALITY AS v(c, n)) s
    ORDER BY s.n`))
}

test('kept answers are compact and ASCII', async () => {
  const [row] = await kept([{ k: 'Bâtiment A', l: ['x', 'y'], m: 'Visite d’entretien', j: { periodKey: '2026-11' } }])
  assert.equal(row.once, '{"k":"B\\u00e2timent A","l":["x","y"],"m":"Visite d\\u2019entretien","j":{"periodKey": "2026-11"}}')
})

test('texts holding quotes, separators and spaces at their edges keep their exact value', async () => {
  const edgy = [' : x', 'x : ', ' : ', 'a, ', ', ', ', "', '" : "', '\\" : ', 'say "stop" : now', 'a\\', '\\', '\\\\" : ',
    '], "', '}, "x" : 1', '" , "', '[" : ', ':', ',', '', ' ', '"', 'ligne\nsuivante : fin, ', 'émoji 😀 : , ']
  const cases: Case[] = edgy.map((s, i) => ({ k: s, l: [edgy[(i + 1) % edgy.length], s], m: `${s}${s}`, j: { [`p${i}`]: s } }))
  const rows = await kept(cases)
  rows.forEach((r, i) => {
    assert.deepEqual(JSON.parse(r.once), cases[i], r.once)
    assert.equal(r.twice, r.once)
    assert.match(r.once, /^[\x20-\x7e]*$/)
  })
})

test('random texts made of JSON punctuation keep their value, compacted once or twice', async () => {
  const alphabet = [' ', ' ', ':', ',', '"', '\\', '[', ']', '{', '}', 'a', 'é', '’', '\n', '😀', ' : ', ', "']
  let seed = 20261129
  const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648
  const text = () => Array.from({ length: Math.floor(next() * 7) }, () => alphabet[Math.floor(next() * alphabet.length)]).join('')
  const cases: Case[] = Array.from({ length: 1500 }, () => ({ k: text(), l: [text(), text()], m: text(), j: { [`q${text().length}`]: text() } }))
  const rows = await kept(cases)
  let compact = 0
  rows.forEach((r, i) => {
    assert.deepEqual(JSON.parse(r.once), cases[i], r.once)
    assert.equal(r.twice, r.once, r.once)
    if (!r.once.includes('"l" : ')) compact++
  })
  assert.equal(compact, cases.length)
})
