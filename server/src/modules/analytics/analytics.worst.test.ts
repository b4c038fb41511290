// The summary's worst elevators are cut to the ten first before their names are joined
// (analytics.queries.ts, topCounts): with more elevators than that and a tie at the tenth
// place, the list is still the ten with the most breakdowns, ties ordered by reference.
import assert from 'node:assert/strict'
import { after, before, test } from 'node:test'
import { ManualClock } from '../../platform/clock.ts'
import { createLocation, insertCategory, ok, startTestApp, type TestApp } from '../../test/harness.ts'
import { insertAsset } from '../requests/requests.fixtures.ts'
import { insertOrder } from '../search/search.fixtures.ts'

const clock = new ManualClock('2026-06-15T12:00:00.000Z')
let t: TestApp
let admin: { id: string; token: string }
// Breakdowns per elevator: the tenth place is a count of 1 shared by four elevators.
const COUNTS = [5, 4, 3, 3, 2, 2, 2, 2, 1, 1, 1, 1, 0]
// References listed out of their order, so that the tie is decided by the reference.
const REFERENCES = ['W-07', 'W-02', 'W-11', 'W-05', 'W-13', 'W-03', 'W-09', 'W-01', 'W-12', 'W-04', 'W-10', 'W-08', 'W-06']

before(async () => {
  t = await startTestApp({ build: { clock } })
  admin = await t.userWithRole('Administrateur')
  const categoryId = await insertCategory(t, 'EQUIPMENT', 'Ascenseur (classement)')
  const site = await createLocation(t, admin.token, { name: 'Cité des Fleurs' })
  for (const [i, reference] of REFERENCES.entries()) {
    const { id } = await insertAsset(t, { categoryId, locationId: site, reference })
    for (let k = 0; k < COUNTS[i]; k++) await insertOrder(t, { assetId: id, status: 'DONE', createdAt: `2026-05-${String(k + 1).padStart(2, '0')}T08:00:00Z`, completedAt: `2026-05-${String(k + 1).padStart(2, '0')}T12:00:00Z` })
  }
})
after(() => t.close())

test('the ten elevators with the most breakdowns, most first, a tie at the tenth place decided by reference', async () => {
  const { breakdowns } = ok(await t.api.getAnalyticsSummary({ query: { months: '3' } }, admin.token))
  const expected = REFERENCES.map((reference, i) => ({ reference, breakdowns: COUNTS[i] })).filter((e) => e.breakdowns > 0)
    .sort((a, b) => b.breakdowns - a.breakdowns || a.reference.localeCompare(b.reference)).slice(0, 10)
  assert.deepEqual(breakdowns.worst.map((w: { reference: string; breakdowns: number }) => ({ reference: w.reference, breakdowns: w.breakdowns })), expected)
  assert.deepEqual(expected.slice(8).map((e) => e.reference), ['W-04', 'W-08'])
})
