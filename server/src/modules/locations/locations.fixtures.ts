// Test fixtures of the locations module, for the tests of modules that place things on sites.
import assert from 'node:assert/strict'
import type { TestApp } from '../../test/harness.ts'

/** A site or zone created through the API as `token` (an Administrateur's, usually). */
export async function createLocation(t: TestApp, token: string, body: Record<string, unknown>): Promise<string> {
  const res = await t.request('POST', '/locations', { token, body })
  assert.equal(res.status, 201, JSON.stringify(res.body))
  return res.body.id as string
}
