import assert from 'node:assert/strict'
import { after, before, test } from 'node:test'
import { sql } from 'drizzle-orm'
import { startTestApp, type TestApp } from '../test/harness.ts'
import { isoUtc, jsonObject } from './json.queries.ts'
import { integer, pgTable, timestamp } from 'drizzle-orm/pg-core'

let t: TestApp
before(async () => { t = await startTestApp() })
after(() => t.close())

test('isoUtc writes a timestamp exactly as toISOString does (offsets, milliseconds, early years)', async () => {
  const instants = ['2024-02-29T11:00:00.000Z', '2026-11-23T09:00:00.123Z', '1999-12-31T23:59:59.999Z', '0050-06-01T00:00:00.000Z', '2020-01-01T00:30:00+01:00']
  for (const text of instants) {
    const [row] = await t.app.deps.database.db.select({ v: isoUtc(sql`${new Date(text).toISOString()}::timestamptz`) }).from(sql`(SELECT 1) one`)
    assert.equal(row.v, new Date(text).toISOString(), text)
  }
})

// A table of this test's own, with a real timestamp column (jsonObject recognises columns).
const probe = pgTable('json_probe', { n: integer('n').notNull(), at: timestamp('at', { withTimezone: true, mode: 'date' }) })

test('jsonObject keeps the field names and writes timestamp columns as ISO text', async () => {
  const { db } = t.app.deps.database
  await db.execute(sql`CREATE TABLE json_probe (n integer NOT NULL, at timestamptz)`)
  await db.insert(probe).values([{ n: 1, at: new Date('2012-06-15T10:30:00.123+02:00') }, { n: 2, at: null }])
  const rows = await db.select({ o: sql<Record<string, unknown>>`${jsonObject({ n: probe.n, at: probe.at })}` }).from(probe).orderBy(probe.n)
  assert.deepEqual(rows.map((r) => r.o), [{ n: 1, at: '2012-06-15T08:30:00.123Z' }, { n: 2, at: null }])
  assert.throws(() => jsonObject({ "x'": sql`1` }), /JSON key/)
})
