// "N callers at the same moment, exactly one wins": the shape of every uniqueness and
// single-use rule (names, references, invitation e-mails, activation links). The calls start
// together and the database decides; this helper checks the outcome in one place.
import assert from 'node:assert/strict'

interface Answer { status: number; body: any }

export interface Race<R extends Answer> {
  winner: R
  losers: R[]
  /** Every answer, in call order. */
  results: R[]
}

/**
 * Fires `n` calls at once (`call(i)` for i = 0…n-1) and asserts that exactly one answers
 * `winStatus` and every other answers `loseStatus` (with the error code `loseCode` if given).
 */
export async function exactlyOneWins<R extends Answer>(
  n: number,
  call: (i: number) => Promise<R>,
  expected: { winStatus: number; loseStatus: number; loseCode?: string },
): Promise<Race<R>> {
  assert.ok(n >= 2, 'a race needs at least two callers')
  const results = await Promise.all(Array.from({ length: n }, (_, i) => call(i)))
  const summary = JSON.stringify(results.map((r) => [r.status, r.body?.error?.code ?? null]))
  const winners = results.filter((r) => r.status === expected.winStatus)
  assert.equal(winners.length, 1, `exactly one ${expected.winStatus} expected: ${summary}`)
  const losers = results.filter((r) => r !== winners[0])
  for (const r of losers) {
    assert.equal(r.status, expected.loseStatus, summary)
    if (expected.loseCode) assert.equal(r.body?.error?.code, expected.loseCode, summary)
  }
  return { winner: winners[0], losers, results }
}
