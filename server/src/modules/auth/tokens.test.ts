// The verifier remembers the tokens it has checked (keyed by the token itself): a remembered
// token must still be refused once expired, and no altered token may pass for it.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { ManualClock } from '../../platform/clock.ts'
import { Tokens } from './tokens.ts'

const SECRET = 'a-test-signing-secret-of-enough-length-0123456789'

test('a remembered token is accepted again, and refused once expired', () => {
  const clock = new ManualClock('2026-11-29T08:00:00Z')
  const tokens = new Tokens(SECRET, 3600, clock)
  const token = tokens.issue('0190f0c2-0000-7000-8000-000000000001')
  assert.deepEqual(tokens.verify(token), { userId: '0190f0c2-0000-7000-8000-000000000001', iat: Math.floor(clock.now().getTime() / 1000) })
  assert.equal(tokens.verify(token)?.userId, '0190f0c2-0000-7000-8000-000000000001')
  clock.advance(3600_000)
  assert.equal(tokens.verify(token), null)
})

test('once a token is remembered, the same token altered or signed with another key is refused', () => {
  const clock = new ManualClock()
  const tokens = new Tokens(SECRET, 3600, clock)
  const token = tokens.issue('0190f0c2-0000-7000-8000-000000000002')
  assert.ok(tokens.verify(token))
  const [header, payload, signature] = token.split('.')
  const flipped = signature.at(-2) === 'A' ? 'B' : 'A'
  const otherUser = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(payload, 'base64url').toString()), sub: '0190f0c2-0000-7000-8000-000000000003' })).toString('base64url')
  assert.equal(tokens.verify(`${header}.${payload}.${signature.slice(0, -2)}${flipped}${signature.at(-1)}`), null)
  assert.equal(tokens.verify(`${header}.${otherUser}.${signature}`), null)
  assert.equal(tokens.verify(new Tokens(`${SECRET}-other`, 3600, clock).issue('0190f0c2-0000-7000-8000-000000000002')), null)
  assert.equal(tokens.verify(`${token} `), null)
})
