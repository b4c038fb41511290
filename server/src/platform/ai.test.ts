// The AI clients against small OpenAI-compatible services started here on the loopback: what
// they send, what they return, and that every failure is the one 503 with nothing secret in it.
import assert from 'node:assert/strict'
import { createHash } from 'node:crypto'
import { once } from 'node:events'
import type http from 'node:http'
import { test } from 'node:test'
import { setTimeout as sleep } from 'node:timers/promises'
import { loadConfig } from '../config.ts'
import { AppError } from '../http/errors.ts'
import { byteSource } from '../test/byte-source.ts'
import { bodyOf, closedPort, fakeAiService, formOf, sendJson, transcriptionService, type FakeHandler } from '../test/fake-ai.ts'
import { AiUnavailableError, openLlm, openTranscriber, type AiFailure, type AiLog } from './ai.ts'

const KEY = 'sk-test-KEY-4f1c2b9a'
const PROMPT = 'Entrefer du frein MG250 ? PROMPT-MARKER'
const SERVICE_TEXT = 'SERVICE-TEXT-MARKER'
const SECRETS = [KEY, 'PROMPT-MARKER', SERVICE_TEXT]

const sha256 = (b: Uint8Array) => createHash('sha256').update(b).digest('hex')

function llmConfig(url: string, extra: Record<string, string> = {}, timeoutMs?: number) {
  const c = loadConfig({ ASSISTANT_LLM_URL: url, ASSISTANT_LLM_API_KEY: KEY, ...extra })
  return timeoutMs ? { ...c, aiTimeoutMs: timeoutMs } : c
}
function dictationConfig(url: string, extra: Record<string, string> = {}, timeoutMs?: number) {
  const c = loadConfig({ DICTATION_URL: url, DICTATION_API_KEY: KEY, ...extra })
  return timeoutMs ? { ...c, aiTimeoutMs: timeoutMs } : c
}

function recorder(): AiLog & { lines: string[] } {
  const lines: string[] = []
  return { lines, warn: (obj, msg) => { lines.push(JSON.stringify({ ...obj, msg })) } }
}

/** The 503 AI_UNAVAILABLE for `reason`, and neither it nor the log holds the key, the prompt or the service's text. */
function isUnavailable(reason: AiFailure, log: { lines: string[] }, httpStatus?: number) {
  return (err: unknown) => {
    assert.ok(err instanceof AiUnavailableError, `expected AiUnavailableError, got ${String(err)}`)
    assert.equal(err.status, 503)
    assert.equal(err.code, 'AI_UNAVAILABLE')
    assert.equal(err.reason, reason)
    assert.equal(err.httpStatus, httpStatus)
    assert.equal(err.cause, undefined)
    const said = [err.message, err.stack ?? '', JSON.stringify(err), ...log.lines].join('\n')
    for (const s of SECRETS) assert.ok(!said.includes(s), `« ${s} » leaked: ${said}`)
    assert.equal(log.lines.length, 1)
    assert.match(log.lines[0], new RegExp(`"reason":"${reason}"`))
    return true
  }
}

test('without ASSISTANT_LLM_URL or DICTATION_URL there is no client: extractive answers, dictation off', () => {
  assert.equal(openLlm(loadConfig({ ASSISTANT_LLM_API_KEY: KEY })), null)
  assert.equal(openTranscriber(loadConfig({ DICTATION_API_KEY: KEY })), null)
})

test('complete POSTs model, messages, temperature 0 and max_tokens to /chat/completions and returns the first choice', async (t) => {
  let seen: { url?: string; method?: string; headers?: http.IncomingHttpHeaders; body?: unknown } = {}
  const url = await fakeAiService(t, async (req, res) => {
    seen = { url: req.url, method: req.method, headers: req.headers, body: JSON.parse((await bodyOf(req)).toString()) }
    sendJson(res, 200, { choices: [{ index: 0, message: { role: 'assistant', content: 'Entrefer : 0,3 mm [1].' } }] })
  })
  const llm = openLlm(loadConfig({ ASSISTANT_LLM_URL: url, ASSISTANT_LLM_MODEL: 'ministral-8b' }))!
  const messages = [{ role: 'system' as const, content: 'Réponds en citant.' }, { role: 'user' as const, content: PROMPT }]
  assert.equal(await llm.complete(messages, { maxTokens: 300 }), 'Entrefer : 0,3 mm [1].')
  assert.equal(seen.url, '/v1/chat/completions')
  assert.equal(seen.method, 'POST')
  assert.match(String(seen.headers?.['content-type']), /^application\/json/)
  assert.equal(seen.headers?.authorization, undefined, 'no key configured: no Authorization header')
  assert.deepEqual(seen.body, { model: 'ministral-8b', messages, temperature: 0, max_tokens: 300 })
})

test('complete sends the configured key as a bearer token', async (t) => {
  let authorization: string | undefined
  const url = await fakeAiService(t, (req, res) => {
    authorization = req.headers.authorization
    sendJson(res, 200, { choices: [{ message: { content: 'ok' } }] })
  })
  assert.equal(await openLlm(llmConfig(url))!.complete([{ role: 'user', content: PROMPT }]), 'ok')
  assert.equal(authorization, `Bearer ${KEY}`)
})

const echoing = (status: number): FakeHandler => async (req, res) => {
  const body = (await bodyOf(req)).toString()
  sendJson(res, status, { error: { message: `${SERVICE_TEXT} rejected ${body} with ${req.headers.authorization}` } })
}

const FAILURES: { what: string; handler: FakeHandler; reason: AiFailure; httpStatus?: number }[] = [
  { what: 'a 500 echoing the prompt and the key', handler: echoing(500), reason: 'status', httpStatus: 500 },
  { what: 'a 502 from a proxy', handler: echoing(502), reason: 'status', httpStatus: 502 },
  { what: 'a 401 (wrong key: not the caller\'s fault either)', handler: echoing(401), reason: 'status', httpStatus: 401 },
  { what: 'a redirect (not followed: the key stays home)', handler: (_req, res) => { res.writeHead(308, { location: 'http://127.0.0.1:1/v1/chat/completions' }).end() }, reason: 'status', httpStatus: 308 },
  { what: 'a 200 that is not JSON', handler: (_req, res) => { res.writeHead(200).end(`<html>${SERVICE_TEXT}</html>`) }, reason: 'malformed' },
  { what: 'JSON without choices', handler: (_req, res) => sendJson(res, 200, { [SERVICE_TEXT]: true }), reason: 'malformed' },
  { what: 'a null content (a tool call)', handler: (_req, res) => sendJson(res, 200, { choices: [{ message: { content: null } }] }), reason: 'malformed' },
  { what: 'an answer over 2 MB', handler: (_req, res) => sendJson(res, 200, { choices: [{ message: { content: 'x'.repeat(3_000_000) } }] }), reason: 'malformed' },
  { what: 'a connection cut before the answer', handler: (req) => { req.socket.destroy() }, reason: 'unreachable' },
]

for (const f of FAILURES) {
  test(`complete: ${f.what} → 503 AI_UNAVAILABLE (${f.reason}), no key, prompt or service text in the error or the log`, async (t) => {
    const url = await fakeAiService(t, f.handler)
    const log = recorder()
    await assert.rejects(openLlm(llmConfig(url), log)!.complete([{ role: 'user', content: PROMPT }]), isUnavailable(f.reason, log, f.httpStatus))
  })
}

test('complete: a service silent past AI_TIMEOUT_MS → 503 AI_UNAVAILABLE (timeout), in about that time', async (t) => {
  const url = await fakeAiService(t, () => {})
  const log = recorder()
  const started = Date.now()
  await assert.rejects(openLlm(llmConfig(url, {}, 200), log)!.complete([{ role: 'user', content: PROMPT }]), isUnavailable('timeout', log))
  const took = Date.now() - started
  assert.ok(took >= 190 && took < 2000, `took ${took} ms`)
})

test('complete: a refused connection → 503 AI_UNAVAILABLE (unreachable), with the French message', async () => {
  const log = recorder()
  const llm = openLlm(llmConfig(`http://127.0.0.1:${await closedPort()}/v1`), log)!
  await assert.rejects(llm.complete([{ role: 'user', content: PROMPT }]), (err) => isUnavailable('unreachable', log)(err)
    && (err as Error).message === 'Le service d’IA ne répond pas ; réessayez plus tard.')
})

test("complete: the caller's own abort rejects with the caller's reason, not a 503, and logs nothing", async (t) => {
  const url = await fakeAiService(t, () => {})
  const log = recorder()
  const ctrl = new AbortController()
  const gone = new Error('client gone')
  setTimeout(() => ctrl.abort(gone), 50)
  await assert.rejects(openLlm(llmConfig(url), log)!.complete([{ role: 'user', content: PROMPT }], { signal: ctrl.signal }), (err) => err === gone)
  assert.deepEqual(log.lines, [])
})

test('transcribe POSTs the exact audio bytes and the fields model, language=fr, response_format=json as multipart, and returns text', async (t) => {
  let seen: { url?: string; authorization?: string; fields?: Record<string, string>; file?: { name: string; type: string; sha: string } } = {}
  const url = await fakeAiService(t, async (req, res) => {
    const form = await formOf(req, await bodyOf(req))
    const file = form.get('file') as File
    seen = {
      url: req.url,
      authorization: req.headers.authorization,
      fields: Object.fromEntries(['model', 'language', 'response_format'].map((k) => [k, String(form.get(k))])),
      file: { name: file.name, type: file.type, sha: sha256(new Uint8Array(await file.arrayBuffer())) },
    }
    sendJson(res, 200, { text: 'Frein réglé, entrefer 0,3 mm.' })
  })
  const audio = byteSource(300_000, { piece: 7_000 })
  const text = await openTranscriber(dictationConfig(url, { DICTATION_MODEL: 'large-v3' }))!.transcribe(audio.stream, { fileName: 'dictee.webm', contentType: 'audio/webm' })
  assert.equal(text, 'Frein réglé, entrefer 0,3 mm.')
  assert.equal(seen.url, '/v1/audio/transcriptions')
  assert.equal(seen.authorization, `Bearer ${KEY}`)
  assert.deepEqual(seen.fields, { model: 'large-v3', language: 'fr', response_format: 'json' })
  assert.deepEqual(seen.file, { name: 'dictee.webm', type: 'audio/webm', sha: audio.digest() })
})

test('transcribe streams: of 20 MB of audio, the second half is produced only once the service has received a first megabyte (a buffering client would wait forever)', async (t) => {
  const SIZE = 20 * 1024 * 1024
  let firstBytes!: () => void
  const received = new Promise<void>((resolve) => { firstBytes = resolve })
  let producedWhenFirstSeen = -1
  const audio = byteSource(SIZE, {
    beforePiece: (produced) => produced < SIZE / 2 ? undefined : Promise.race([
      received,
      sleep(10_000, undefined, { ref: false }).then(() => { throw new Error('the client held the first 10 MB of audio without sending one: not streamed') }),
    ]),
  })
  const url = await fakeAiService(t, async (req, res) => {
    // A megabyte: far more than the form's text fields, so audio has come through.
    let got = 0
    req.on('data', (c: Buffer) => {
      if (got < 1024 * 1024 && (got += c.length) >= 1024 * 1024) { producedWhenFirstSeen = audio.produced(); firstBytes() }
    })
    const form = await formOf(req, await bodyOf(req))
    sendJson(res, 200, { text: sha256(new Uint8Array(await (form.get('file') as File).arrayBuffer())) })
  })
  const text = await openTranscriber(dictationConfig(url))!.transcribe(audio.stream, { fileName: 'long.ogg', contentType: 'audio/ogg' })
  assert.equal(text, audio.digest(), 'the service received the exact 20 MB')
  assert.ok(producedWhenFirstSeen >= 0 && producedWhenFirstSeen < SIZE, `a megabyte received after ${producedWhenFirstSeen} bytes produced`)
})

test('transcribe: the timeout counts from the last piece of audio sent, so a slow upload longer than AI_TIMEOUT_MS goes through', async (t) => {
  const url = await fakeAiService(t, transcriptionService('ok'))
  const audio = byteSource(6 * 1000, { piece: 1000, beforePiece: () => sleep(100) })
  const started = Date.now()
  assert.equal(await openTranscriber(dictationConfig(url, {}, 300))!.transcribe(audio.stream, { fileName: 'a.wav', contentType: 'audio/wav' }), 'ok')
  assert.ok(Date.now() - started > 300, 'the whole exchange outlasted the timeout')
})

test('transcribe: an upload stream failing midway (413 past its limit) aborts the request and rejects with that very error', async (t) => {
  let completed: boolean | undefined
  let closedNow!: () => void
  const closed = new Promise<void>((resolve) => { closedNow = resolve })
  const url = await fakeAiService(t, (req) => {
    let ended = false
    req.on('end', () => { ended = true })
    req.on('close', () => { completed = ended; closedNow() })
    req.resume()
  })
  const tooLarge = new AppError('PAYLOAD_TOO_LARGE', 'Fichier trop volumineux : 25 Mo au plus.')
  const audio = byteSource(2_000_000, { failAt: { bytes: 500_000, error: tooLarge } })
  const log = recorder()
  await assert.rejects(openTranscriber(dictationConfig(url), log)!.transcribe(audio.stream, { fileName: 'a.webm', contentType: 'audio/webm' }), (err) => err === tooLarge)
  await closed
  assert.equal(completed, false, 'the service never received a complete request')
  assert.deepEqual(log.lines, [], 'not the service\'s fault: nothing logged against it')
})

// The route answers only once the upload is read: what the service did not take must be dropped.
test('transcribe: a service answering 500 before reading → 503 with nothing secret, and the rest of the upload is read and dropped', async (t) => {
  const url = await fakeAiService(t, (_req, res) => { res.writeHead(500, { connection: 'close' }).end(`${SERVICE_TEXT} ${KEY}`) })
  const audio = byteSource(5_000_000)
  const ended = once(audio.stream, 'end')
  const log = recorder()
  await assert.rejects(openTranscriber(dictationConfig(url), log)!.transcribe(audio.stream, { fileName: 'a.mp3', contentType: 'audio/mpeg' }), isUnavailable('status', log, 500))
  await Promise.race([ended, sleep(5000, undefined, { ref: false }).then(() => assert.fail('the upload was left half read'))])
  assert.equal(audio.produced(), 5_000_000)
})

test('transcribe: a refused connection → 503 (unreachable) with the dictation message, and the upload, never sent, is read and dropped', async () => {
  const audio = byteSource(1_000_000)
  const ended = once(audio.stream, 'end')
  const log = recorder()
  const refused = openTranscriber(dictationConfig(`http://127.0.0.1:${await closedPort()}/v1`), log)!
  await assert.rejects(refused.transcribe(audio.stream, { fileName: 'a.wav', contentType: 'audio/wav' }),
    (err) => isUnavailable('unreachable', log)(err) && (err as Error).message === 'Le service de dictée ne répond pas ; réessayez plus tard.')
  await Promise.race([ended, sleep(5000, undefined, { ref: false }).then(() => assert.fail('the upload was left unread'))])
  assert.equal(audio.produced(), 1_000_000)
})

test('transcribe: a service silent after the audio → 503 (timeout)', async (t) => {
  const url = await fakeAiService(t, (req) => { req.resume() })
  const log = recorder()
  await assert.rejects(openTranscriber(dictationConfig(url, {}, 200), log)!.transcribe(byteSource(10_000).stream, { fileName: 'a.wav', contentType: 'audio/wav' }), isUnavailable('timeout', log))
})

test('transcribe: a 200 without a text field → 503 (malformed)', async (t) => {
  const url = await fakeAiService(t, async (req, res) => { await bodyOf(req); sendJson(res, 200, { [SERVICE_TEXT]: 'no text' }) })
  const log = recorder()
  await assert.rejects(openTranscriber(dictationConfig(url), log)!.transcribe(byteSource(1000).stream, { fileName: 'a.wav', contentType: 'audio/wav' }), isUnavailable('malformed', log))
})
