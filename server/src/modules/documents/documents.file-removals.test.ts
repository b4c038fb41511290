// Files whose removal the storage refused wait for the next pass, which removes them once the
// storage answers again, in order, and stops at the first refusal.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { FileRemovals } from './documents.file-removals.ts'

function flakyStorage() {
  const storage = { away: false, removed: [] as string[], async delete(key: string) {
    if (storage.away) throw new Error('storage unavailable')
    storage.removed.push(key)
  } }
  return storage
}

test('a removal refused while the storage is away is made by the first pass after it returns', async () => {
  const storage = flakyStorage()
  const removals = new FileRemovals(storage)
  assert.equal(await removals.remove('documents/a'), true)
  storage.away = true
  assert.equal(await removals.remove('documents/b'), false)
  assert.equal(await removals.remove('documents/c'), false)
  assert.equal(removals.waiting, 2)
  assert.equal(await removals.retry(), 0, 'still away: nothing removed')
  assert.equal(removals.waiting, 2)
  storage.away = false
  assert.equal(await removals.retry(), 2)
  assert.deepEqual(storage.removed, ['documents/a', 'documents/b', 'documents/c'])
  assert.equal(removals.waiting, 0)
  assert.equal(await removals.retry(), 0, 'nothing left to do')
})

test('a pass stops at the first refusal and keeps the rest for the next', async () => {
  let calls = 0
  const removed: string[] = []
  const removals = new FileRemovals({ async delete(key: string) {
    if (++calls === 2) throw new Error('away again')
    removed.push(key)
  } })
  for (const key of ['documents/x', 'documents/y', 'documents/z']) removals.later(key)
  assert.equal(await removals.retry(), 1)
  assert.equal(calls, 2, 'no third call once the second was refused')
  assert.equal(removals.waiting, 2)
  assert.equal(await removals.retry(), 2)
  assert.deepEqual(removed, ['documents/x', 'documents/y', 'documents/z'])
})
