// Dictation audio recognised from its bytes, and the upload given back whole, streamed.
import assert from 'node:assert/strict'
import { createHash } from 'node:crypto'
import { once } from 'node:events'
import { Readable } from 'node:stream'
import { buffer, text } from 'node:stream/consumers'
import { test } from 'node:test'
import { setTimeout as sleep } from 'node:timers/promises'
import { loadConfig } from '../../config.ts'
import { AppError } from '../../http/errors.ts'
import { openTranscriber } from '../../platform/ai.ts'
import { byteSource } from '../../test/byte-source.ts'
import { bodyOf, fakeAiService, formOf, sendJson } from '../../test/fake-ai.ts'
import { AUDIO_HEAD, audioStream, sniffAudio } from './assistant.audio.ts'

const bytes = (...parts: (string | number[])[]) => Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'latin1') : Buffer.from(p))))

// First bytes as recorders and encoders write them.
const HEADERS = {
  'WebM from Chrome/Firefox MediaRecorder (EBML, DocType webm)': [bytes([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01, 0x42, 0xf7, 0x81, 0x01, 0x42, 0xf2, 0x81, 0x04, 0x42, 0xf3, 0x81, 0x08, 0x42, 0x82, 0x84], 'webm'), 'audio/webm'],
  'Ogg Opus': [bytes('OggS', [0x00, 0x02, 0, 0, 0, 0, 0, 0, 0, 0, 0x2a, 0x1b, 0, 0, 0, 0, 0, 0, 0, 0, 0x01, 0x13], 'OpusHead'), 'audio/ogg'],
  'MP3 with an ID3v2.4 tag': [bytes('ID3', [0x04, 0x00, 0x00, 0x00, 0x00, 0x00, 0x23], 'TSSE', [0, 0, 0, 0x0f, 0, 0, 0x03], 'Lavf60'), 'audio/mpeg'],
  'MP3 starting on an MPEG-1 layer III frame (FF FB)': [bytes([0xff, 0xfb, 0x90, 0x64, 0x00, 0x0f, 0xf0, 0x00, 0x00, 0x69, 0x00, 0x00, 0x00, 0x08]), 'audio/mpeg'],
  'MP3 starting on an MPEG-2 layer III frame (FF F3)': [bytes([0xff, 0xf3, 0x44, 0xc4, 0x00, 0x00, 0x00, 0x03, 0x48, 0x00, 0x00, 0x00, 0x00]), 'audio/mpeg'],
  'M4A from a phone recorder (ftyp M4A)': [bytes([0, 0, 0, 0x20], 'ftypM4A ', [0, 0, 0, 0], 'M4A mp42isom', [0, 0, 0, 0]), 'audio/mp4'],
  'MP4 from Safari MediaRecorder (ftyp iso5)': [bytes([0, 0, 0, 0x1c], 'ftypiso5', [0, 0, 0x02, 0], 'iso5iso6mp41'), 'audio/mp4'],
  'WAV PCM': [bytes('RIFF', [0x24, 0x08, 0x00, 0x00], 'WAVEfmt ', [0x10, 0, 0, 0, 0x01, 0x00, 0x01, 0x00]), 'audio/wav'],
} as const

const REFUSED = {
  'text': bytes("Bonjour, ceci n'est pas de l'audio."),
  'a PDF': bytes('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj'),
  'a PNG': bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d], 'IHDR'),
  'a JPEG (FF D8: no MPEG sync)': bytes([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10], 'JFIF', [0]),
  'a HEIC photo (ftyp heic)': bytes([0, 0, 0, 0x18], 'ftypheic', [0, 0, 0, 0], 'mif1heic'),
  'an AVIF image (ftyp avif)': bytes([0, 0, 0, 0x1c], 'ftypavif', [0, 0, 0, 0], 'avifmif1miaf'),
  'a WebP image (RIFF....WEBP)': bytes('RIFF', [0x24, 0x08, 0, 0], 'WEBPVP8 '),
  'an empty file': bytes(),
}

/** An upload of `content` cut into pieces of `piece` bytes. */
const upload = (content: Buffer, piece = content.length || 1) =>
  ({ stream: Readable.from(Array.from({ length: Math.ceil(content.length / piece) }, (_, i) => content.subarray(i * piece, (i + 1) * piece))), fileName: 'mémo vocal.bin' })

function isTypeRefused(err: unknown) {
  assert.ok(err instanceof AppError)
  assert.equal(err.status, 400)
  assert.equal(err.code, 'AUDIO_TYPE_REFUSED')
  assert.equal(err.message, 'Format audio non reconnu (webm, ogg, mp3, m4a ou wav).')
  assert.deepEqual(err.details, [{ field: 'file', message: 'webm, ogg, mp3, m4a ou wav uniquement' }])
  return true
}

test('the head read is 12 bytes: enough for RIFF....WAVE and the ftyp brand', () => {
  assert.equal(AUDIO_HEAD, 12)
})

for (const [what, [head, type]] of Object.entries(HEADERS)) {
  test(`sniffAudio recognises ${what} as ${type}`, () => {
    assert.equal(sniffAudio(head), type)
    assert.equal(sniffAudio(head.subarray(0, AUDIO_HEAD)), type, 'from its first 12 bytes alone')
  })
}

for (const [what, head] of Object.entries(REFUSED)) {
  test(`sniffAudio refuses ${what}`, () => {
    assert.equal(sniffAudio(head), null)
  })
}

test('sniffAudio on heads shorter than 12 bytes: a signature held entirely is recognised, a cut one is not', () => {
  assert.equal(sniffAudio(bytes('OggS')), 'audio/ogg')
  assert.equal(sniffAudio(bytes([0x1a, 0x45, 0xdf, 0xa3])), 'audio/webm')
  assert.equal(sniffAudio(bytes('ID3')), 'audio/mpeg')
  assert.equal(sniffAudio(bytes([0xff, 0xfb])), 'audio/mpeg')
  assert.equal(sniffAudio(bytes([0, 0, 0, 0x20], 'ftyp')), 'audio/mp4')
  assert.equal(sniffAudio(bytes('Ogg')), null)
  assert.equal(sniffAudio(bytes('RIFF', [0x24, 0x08, 0, 0])), null, 'RIFF without WAVE yet')
  assert.equal(sniffAudio(bytes([0, 0, 0, 0x20], 'fty')), null)
  assert.equal(sniffAudio(bytes([0xff])), null)
  assert.equal(sniffAudio(bytes()), null)
})

for (const [what, [head, type]] of Object.entries(HEADERS)) {
  test(`audioStream: ${what} sent a byte at a time is ${type}, and the stream replays it byte for byte`, async () => {
    const content = Buffer.concat([head, Buffer.alloc(5000, 0x55)])
    const audio = await audioStream(upload(content, 1))
    assert.equal(audio.contentType, type)
    assert.ok((await buffer(audio.stream)).equals(content))
  })
}

test('audioStream names the file after its type (the service goes by the extension), never the name sent', async () => {
  const names = []
  for (const [head] of Object.values(HEADERS)) names.push((await audioStream(upload(head))).fileName)
  assert.deepEqual(names, ['dictee.webm', 'dictee.ogg', 'dictee.mp3', 'dictee.mp3', 'dictee.mp3', 'dictee.m4a', 'dictee.m4a', 'dictee.wav'])
})

test('audioStream: 3 MB of webm in pieces of 1 to 70,000 bytes comes back byte for byte', async () => {
  const sizes = [1, 2, 3, 5, 7, 11, 13, 70_000]
  let i = 0
  const source = byteSource(3_000_000, { first: HEADERS['WebM from Chrome/Firefox MediaRecorder (EBML, DocType webm)'][0], piece: () => sizes[i++ % sizes.length] })
  const audio = await audioStream({ stream: source.stream, fileName: 'a' })
  assert.ok((await buffer(audio.stream)).equals(source.bytes()))
})

test('audioStream: a file shorter than 12 bytes is recognised when its signature is whole, and replayed', async () => {
  const audio = await audioStream(upload(bytes('OggS', [0]), 1))
  assert.equal(audio.contentType, 'audio/ogg')
  assert.ok((await buffer(audio.stream)).equals(bytes('OggS', [0])))
  await assert.rejects(audioStream(upload(bytes('RIFF', [1, 2, 3]), 2)), isTypeRefused)
})

for (const [what, head] of Object.entries(REFUSED)) {
  test(`audioStream refuses ${what} with 400 AUDIO_TYPE_REFUSED on file, and reads the rest of the upload to its end`, async () => {
    const source = byteSource(head.length + 200_000, { first: head, piece: 1000 })
    const ended = once(source.stream, 'end')
    await assert.rejects(audioStream({ stream: source.stream, fileName: 'x' }), isTypeRefused)
    await Promise.race([ended, sleep(5000, undefined, { ref: false }).then(() => assert.fail('the upload was left unread'))])
  })
}

test('audioStream reads only the head before returning: the rest is produced as the replay is read', async () => {
  const source = byteSource(10 * 1024 * 1024, { first: HEADERS['WAV PCM'][0], piece: 64 * 1024 })
  const audio = await audioStream({ stream: source.stream, fileName: 'a.wav' })
  await sleep(50)
  assert.ok(source.produced() <= 3 * 64 * 1024, `${source.produced()} bytes produced before anyone read the replay`)
  let read = 0
  for await (const piece of audio.stream) read += (piece as Buffer).length
  assert.equal(read, 10 * 1024 * 1024)
})

test("audioStream: the upload's own failure midway (413 past its limit) reaches the replay's reader as that very error", async () => {
  const tooLarge = new AppError('PAYLOAD_TOO_LARGE', 'Fichier trop volumineux : 25 Mo au plus.')
  const source = byteSource(1_000_000, { first: HEADERS['Ogg Opus'][0], failAt: { bytes: 300_000, error: tooLarge } })
  const audio = await audioStream({ stream: source.stream, fileName: 'a.ogg' })
  await assert.rejects(text(audio.stream), (err) => err === tooLarge)
})

test("audioStream: an upload failing within its first bytes rejects with the upload's error, not a type refusal", async () => {
  const tooLarge = new AppError('PAYLOAD_TOO_LARGE', 'Fichier trop volumineux.')
  const source = byteSource(100, { first: bytes('Og'), piece: 2, failAt: { bytes: 2, error: tooLarge } })
  await assert.rejects(audioStream({ stream: source.stream, fileName: 'a' }), (err) => err === tooLarge)
})

// What transcribeAudio does: recognise the upload, then stream it to the service.
test('audioStream then transcribe: the service receives the upload byte for byte as dictee.m4a, audio/mp4', async (t) => {
  let got: { name: string; type: string; sha: string } | undefined
  const url = await fakeAiService(t, async (req, res) => {
    const file = (await formOf(req, await bodyOf(req))).get('file') as File
    got = { name: file.name, type: file.type, sha: createHash('sha256').update(new Uint8Array(await file.arrayBuffer())).digest('hex') }
    sendJson(res, 200, { text: 'Remplacement du contacteur de porte.' })
  })
  const source = byteSource(2_000_000, { first: HEADERS['M4A from a phone recorder (ftyp M4A)'][0], piece: 16_384 })
  const audio = await audioStream({ stream: source.stream, fileName: 'Enregistrement 12.m4a' })
  const text = await openTranscriber(loadConfig({ DICTATION_URL: url }))!.transcribe(audio.stream, audio)
  assert.equal(text, 'Remplacement du contacteur de porte.')
  assert.deepEqual(got, { name: 'dictee.m4a', type: 'audio/mp4', sha: source.digest() })
})

test('audioStream then transcribe: the upload failing past its limit (413) reaches the caller as that very error', async (t) => {
  const url = await fakeAiService(t, (req) => { req.resume() })
  const tooLarge = new AppError('PAYLOAD_TOO_LARGE', 'Fichier trop volumineux : 25 Mo au plus.')
  const source = byteSource(3_000_000, { first: HEADERS['WAV PCM'][0], failAt: { bytes: 1_000_000, error: tooLarge } })
  const audio = await audioStream({ stream: source.stream, fileName: 'a.wav' })
  await assert.rejects(openTranscriber(loadConfig({ DICTATION_URL: url }))!.transcribe(audio.stream, audio), (err) => err === tooLarge)
})
