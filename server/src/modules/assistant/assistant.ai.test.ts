// The opt-in services, each against a small fake started here: generated answers (only the
// retrieved excerpts in the prompt, citations checked, 503 when the service is down) and
// dictation (off by default, the audio streamed and never kept).
import assert from 'node:assert/strict'
import { createHash } from 'node:crypto'
import { readdir } from 'node:fs/promises'
import os from 'node:os'
import { describe, test, type TestContext } from 'node:test'
import { assertError, startTestApp, type TestApp } from '../../test/harness.ts'
import { bodyOf, chatService, closedPort, fakeAiService, formOf, sendJson } from '../../test/fake-ai.ts'
import { multipart } from '../documents/documents.fixtures.ts'
import { insertLocation } from '../work-orders/work-orders.fixtures.ts'
import { insertElevator, uploadManual } from './assistant.fixtures.ts'

const MANUAL = ['Frein Motrane MG250\nL’entrefer du frein est compris entre 0,3 et 0,5 mm.\nContact : M. Laurent Girard, 06 12 34 56 78.']

/** An app whose corpus holds one manual, indexed, with the given services configured. */
async function appWith(t: TestContext, env: Record<string, string>): Promise<{ app: TestApp; admin: string; tech: string }> {
  const app = await startTestApp({ env })
  t.after(() => app.close())
  const admin = (await app.userWithRole('Administrateur')).token
  const site = await insertLocation(app, 'Résidence du Lac')
  await app.app.deps.database.db.execute(`UPDATE locations SET guardian_name = 'Laurent Girard' WHERE id = '${site}'`)
  await uploadManual(app, admin, await insertElevator(app, site, 'Motrane', 'MG250'), 'frein.pdf', MANUAL)
  assert.equal((await app.api.reindexAssistant({}, admin)).status, 200)
  return { app, admin, tech: (await app.userWithRole('Technicien')).token }
}

const ask = (app: TestApp, token: string, question: string) => app.api.askAssistant({ body: { question } }, token)

describe('generated answers (ASSISTANT_LLM_URL)', () => {
  test('the prompt holds only the retrieved, anonymised excerpts; the answer keeps its valid citations', async (t) => {
    const prompts: string[] = []
    const url = await fakeAiService(t, chatService((messages) => {
      prompts.push(messages.map((m) => m.content).join('\n'))
      return 'L’entrefer se règle entre 0,3 et 0,5 mm [1]. Voir aussi [4].'
    }))
    const { app, tech } = await appWith(t, { ASSISTANT_LLM_URL: url })
    const res = await ask(app, tech, 'Quel entrefer pour le frein Motrane MG250 ?')
    assert.equal(res.status, 200, JSON.stringify(res.body))
    assert.deepEqual([res.body.answered, res.body.mode, res.body.citations.length], [true, 'GENERATED', 1])
    assert.equal(res.body.answer, 'L’entrefer se règle entre 0,3 et 0,5 mm [1]. Voir aussi.')
    assert.equal(res.body.citations[0]!.fileName, 'frein.pdf')
    assert.equal(prompts.length, 1)
    assert.match(prompts[0]!, /0,3 et 0,5 mm/)
    for (const planted of ['Girard', '06 12 34 56 78']) assert.ok(!prompts[0]!.includes(planted), planted)
  })

  test('a model that cites nothing retrieved, or says it does not know: a refusal without citation', async (t) => {
    for (const answer of ['L’entrefer est de 2 mm [7].', 'L’entrefer est de 2 mm.', 'JE NE SAIS PAS']) {
      const url = await fakeAiService(t, chatService(answer))
      const { app, tech } = await appWith(t, { ASSISTANT_LLM_URL: url })
      const res = await ask(app, tech, 'Quel entrefer pour le frein Motrane MG250 ?')
      assert.deepEqual([res.body.answered, res.body.citations], [false, []], answer)
    }
  })

  test('a question the rules refuse never reaches the model', async (t) => {
    let calls = 0
    const url = await fakeAiService(t, chatService(() => { calls++; return 'Réponse [1].' }))
    const { app, tech } = await appWith(t, { ASSISTANT_LLM_URL: url })
    assert.equal((await ask(app, tech, 'Quel entrefer pour le frein Schindler ?')).body.answered, false)
    assert.equal((await ask(app, tech, 'Quel est le portable de M. Girard ?')).body.refusalReason, 'PERSONAL_DATA')
    assert.equal(calls, 0)
  })

  test('enabled and unreachable: 503 AI_UNAVAILABLE with a clear message', async (t) => {
    const { app, tech } = await appWith(t, { ASSISTANT_LLM_URL: `http://127.0.0.1:${await closedPort()}/v1` })
    const res = await ask(app, tech, 'Quel entrefer pour le frein Motrane MG250 ?')
    assertError(res, 503, 'AI_UNAVAILABLE')
    assert.match((res.body as unknown as { error: { message: string } }).error.message, /réessayez/)
  })
})

const webm = (size: number) => Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3]), Buffer.alloc(size - 4, 7)])

async function transcribe(app: TestApp, token: string, bytes: Buffer, name = 'note.webm') {
  const { payload, type } = await multipart({}, { bytes, name, type: 'audio/webm' })
  return app.request('POST', '/assistant/transcribe', { token, body: payload, headers: { 'content-type': type } })
}

describe('dictation (DICTATION_URL)', () => {
  test('off by default: 503 DICTATION_DISABLED, and getMe announces no feature', async (t) => {
    const app = await startTestApp()
    t.after(() => app.close())
    const tech = (await app.userWithRole('Technicien')).token
    const res = await transcribe(app, tech, webm(1000))
    assertError(res, 503, 'DICTATION_DISABLED')
    assert.match(res.body.error.message, /[Dd]ictée non activée/)
    assert.equal((await app.request('GET', '/users/me', { token: tech })).headers['x-palier-features'], undefined)
  })

  test('on: the audio reaches the service byte for byte, the text comes back, nothing is kept on disk', async (t) => {
    const received: string[] = []
    const url = await fakeAiService(t, async (req, res) => {
      const body = await bodyOf(req)
      const file = (await formOf(req, body)).get('file') as File
      received.push(createHash('sha256').update(Buffer.from(await file.arrayBuffer())).digest('hex'))
      sendJson(res, 200, { text: '  Remplacé le galet de la serrure palière.  ' })
    })
    const app = await startTestApp({ env: { DICTATION_URL: url } })
    t.after(() => app.close())
    const tech = (await app.userWithRole('Technicien')).token
    assert.equal((await app.request('GET', '/users/me', { token: tech })).headers['x-palier-features'], 'dictation')
    const before = { data: await readdir(app.app.deps.config.dataDir, { recursive: true }), tmp: await readdir(os.tmpdir()) }
    const audio = webm(300_000)
    const res = await transcribe(app, tech, audio)
    assert.equal(res.status, 200, JSON.stringify(res.body))
    assert.equal(res.body.text, 'Remplacé le galet de la serrure palière.')
    assert.deepEqual(received, [createHash('sha256').update(audio).digest('hex')])
    assert.deepEqual(await readdir(app.app.deps.config.dataDir, { recursive: true }), before.data, 'nothing written in DATA_DIR')
    assert.deepEqual((await readdir(os.tmpdir())).filter((f) => !before.tmp.includes(f) && !f.startsWith('palier-test-')), [], 'no temporary file')
  })

  test('audio of another type: 400 naming the file; over 25 MB: 413; without the edit right: 403', async (t) => {
    const url = await fakeAiService(t, async (req, res) => { await bodyOf(req); sendJson(res, 200, { text: 'x' }) })
    const app = await startTestApp({ env: { DICTATION_URL: url } })
    t.after(() => app.close())
    const tech = (await app.userWithRole('Technicien')).token
    const refused = await transcribe(app, tech, Buffer.from('%PDF-1.7 not audio at all'))
    assertError(refused, 400, 'AUDIO_TYPE_REFUSED')
    assert.equal(refused.body.error.details[0].field, 'file')
    assertError(await transcribe(app, tech, webm(25 * 1024 * 1024 + 1)), 413)
    assertError(await transcribe(app, await app.tokenFor('Vue seule'), webm(1000)), 403, 'FORBIDDEN')
  })
})
