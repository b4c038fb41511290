import assert from 'node:assert/strict'
import { test } from 'node:test'
import { CircuitBreaker, CircuitOpenError } from './circuit-breaker.ts'

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))
const timeout = () => Promise.reject(new Error('Command timed out'))
const replyError = () => Promise.reject(Object.assign(new Error('WRONGTYPE'), { name: 'ReplyError' }))

function breaker(probe: () => Promise<unknown>) {
  const changes: boolean[] = []
  const b = new CircuitBreaker({
    name: 'Test', openMs: 100, probe,
    isAnswer: (err) => (err as Error).name === 'ReplyError',
    onChange: (open) => changes.push(open),
  })
  return { b, changes }
}

test('a command left unanswered opens the breaker: the next ones fail at once, without being sent', async () => {
  const { b, changes } = breaker(async () => 'PONG')
  assert.equal(await b.run(async () => 1), 1)
  await assert.rejects(b.run(timeout), /timed out/)
  assert.equal(b.isClosed, false)
  let sent = 0
  await assert.rejects(b.run(async () => { sent++ }), CircuitOpenError)
  assert.equal(sent, 0)
  assert.deepEqual(changes, [true])
  b.close()
})

test('an error the dependency answered leaves it closed', async () => {
  const { b, changes } = breaker(async () => 'PONG')
  await assert.rejects(b.run(replyError), /WRONGTYPE/)
  assert.equal(b.isClosed, true)
  assert.deepEqual(changes, [])
  b.close()
})

test('after openMs one probe: its failure keeps it open for another period, its answer closes it', async () => {
  let answers = false
  let probes = 0
  const { b, changes } = breaker(async () => { probes++; if (!answers) throw new Error('Command timed out') })
  await assert.rejects(b.run(timeout))
  await sleep(150)
  assert.equal(probes, 1)
  assert.equal(b.isClosed, false)
  answers = true
  await sleep(120)
  assert.equal(probes, 2)
  assert.equal(b.isClosed, true)
  assert.equal(await b.run(async () => 'ok'), 'ok')
  assert.deepEqual(changes, [true, false])
  b.close()
})

test('probeNow (a new connection) probes at once; close stops the probes', async () => {
  let probes = 0
  const { b } = breaker(async () => { probes++ })
  b.probeNow() // closed: nothing to probe
  await sleep(10)
  assert.equal(probes, 0)
  b.trip(new Error('Connection is closed.'))
  b.probeNow()
  await sleep(10)
  assert.equal(probes, 1)
  assert.equal(b.isClosed, true)
  b.trip()
  b.close()
  await sleep(150)
  assert.equal(probes, 1)
})
