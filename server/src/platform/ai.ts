// Clients of the two opt-in OpenAI-compatible services: chat completions (generated answers)
// and audio transcriptions (dictation). Whatever goes wrong on their side — refused, silent,
// an error status, an answer we cannot read — becomes one 503 AI_UNAVAILABLE whose message and
// log line hold a fixed word for the cause: never the key, the prompt, the audio or the
// service's own text (an echoing service would put the prompt, or a key, in its error body).
import { randomBytes } from 'node:crypto'
import type { Readable } from 'node:stream'
import type { AiService, Config } from '../config.ts'
import { AppError, unavailable } from '../http/errors.ts'
import { dropRest } from '../lib/streams.ts'

export interface ChatMessage { role: 'system' | 'user' | 'assistant'; content: string }
export interface Llm { complete(messages: ChatMessage[], opts?: { maxTokens?: number; signal?: AbortSignal }): Promise<string> }
export interface Transcriber { transcribe(audio: Readable, info: { fileName: string; contentType: string }): Promise<string> }
/** Where a failure is written (pino's `warn` fits). */
export interface AiLog { warn(obj: Record<string, unknown>, msg: string): void }

export type AiServiceName = 'llm' | 'dictation'
/** What went wrong, in a word fit for a log: no service text. */
export type AiFailure = 'timeout' | 'unreachable' | 'status' | 'malformed'

const MESSAGES: Record<AiServiceName, string> = {
  llm: 'Le service d’IA ne répond pas ; réessayez plus tard.',
  dictation: 'Le service de dictée ne répond pas ; réessayez plus tard.',
}

/** 503 AI_UNAVAILABLE; `reason` and `httpStatus` are for the log and tests, never sent. */
export class AiUnavailableError extends AppError {
  readonly service: AiServiceName
  readonly reason: AiFailure
  readonly httpStatus: number | undefined
  constructor(service: AiServiceName, reason: AiFailure, httpStatus?: number) {
    super('AI_UNAVAILABLE', MESSAGES[service])
    this.service = service
    this.reason = reason
    this.httpStatus = httpStatus
  }
}

/** transcribeAudio when DICTATION_URL is unset. */
export const dictationDisabled = () => unavailable('DICTATION_DISABLED')

/** Largest answer read from a service: a completion or a transcript is text, never megabytes. */
const MAX_ANSWER_BYTES = 2 * 1024 * 1024
const DEFAULT_MAX_TOKENS = 1024

type AiConfig = Pick<Config, 'aiTimeoutMs'>

export function openLlm(config: AiConfig & Pick<Config, 'assistantLlm'>, log?: AiLog): Llm | null {
  const service = config.assistantLlm
  if (!service) return null
  return {
    async complete(messages, opts = {}) {
      const body = JSON.stringify({ model: service.model, messages, temperature: 0, max_tokens: opts.maxTokens ?? DEFAULT_MAX_TOKENS })
      const call = { name: 'llm' as const, service, timeoutMs: config.aiTimeoutMs, log }
      return exchange(call, '/chat/completions', body, 'application/json', opts.signal, (json) => at(json, 'choices', 0, 'message', 'content'))
    },
  }
}

export function openTranscriber(config: AiConfig & Pick<Config, 'dictation'>, log?: AiLog): Transcriber | null {
  const service = config.dictation
  if (!service) return null
  return {
    async transcribe(audio, info) {
      const call = { name: 'dictation' as const, service, timeoutMs: config.aiTimeoutMs, log }
      const boundary = `palier-${randomBytes(16).toString('hex')}`
      let audioError: { err: unknown } | undefined
      let touch = () => {}
      const body = multipart(boundary, { model: service.model, language: 'fr', response_format: 'json' }, info, audio, {
        // While audio flows the service is alive: the timeout counts from the last piece sent.
        sent: () => touch(),
        failed: (err) => { audioError = { err } },
      })
      try {
        return await exchange(call, '/audio/transcriptions', body, `multipart/form-data; boundary=${boundary}`, undefined,
          (json) => at(json, 'text'), {
            // The upload's own failure (past its size limit: 413) is the caller's answer, as is.
            ownError: () => audioError,
            progress: (t) => { touch = t },
          })
      } finally {
        // What the service did not take (it failed, or answered early) is read and dropped.
        dropRest(audio)
      }
    },
  }
}

interface Call { name: AiServiceName; service: AiService; timeoutMs: number; log: AiLog | undefined }
interface Hooks {
  /** An error of ours that aborted the exchange: rethrown as is instead of a 503. */
  ownError?: () => { err: unknown } | undefined
  /** Receives the function that restarts the timeout (progress on our side). */
  progress?: (touch: () => void) => void
}

/** POSTs `body` and returns the string `pick` finds in the JSON answer, or throws the 503. */
async function exchange(call: Call, path: string, body: string | AsyncIterable<Uint8Array>, contentType: string,
  signal: AbortSignal | undefined, pick: (json: unknown) => unknown, hooks: Hooks = {}): Promise<string> {
  const clock = deadline(call.timeoutMs, signal)
  hooks.progress?.(clock.touch)
  const fail = (reason: AiFailure, httpStatus?: number) => {
    call.log?.warn({ service: call.name, reason, ...(httpStatus ? { httpStatus } : {}) }, 'AI service unavailable')
    return new AiUnavailableError(call.name, reason, httpStatus)
  }
  try {
    const headers: Record<string, string> = { 'content-type': contentType, accept: 'application/json' }
    if (call.service.apiKey) headers.authorization = `Bearer ${call.service.apiKey}`
    // A redirect is not followed (the key would go with it; a streamed body cannot be sent
    // twice): it is a failure the log names by its status, e.g. http:// moved to https://.
    const res = await fetch(call.service.url + path, { method: 'POST', headers, body, signal: clock.signal, duplex: 'half', redirect: 'manual' })
    if (!res.ok) {
      await res.body?.cancel().catch(() => {})
      throw fail('status', res.status)
    }
    const text = await readCapped(res)
    let json: unknown
    try { json = text === null ? undefined : JSON.parse(text) } catch { json = undefined }
    const out = pick(json)
    if (typeof out !== 'string') throw fail('malformed')
    return out
  } catch (err) {
    const own = hooks.ownError?.()
    if (own) throw own.err
    if (signal?.aborted) throw signal.reason
    if (err instanceof AiUnavailableError) throw err
    // fetch's own errors ("fetch failed", its cause ECONNREFUSED…) stay here: only the word leaves.
    throw fail(clock.timedOut() ? 'timeout' : 'unreachable')
  } finally {
    // Stops an upload the service answered before reading to the end.
    clock.end()
  }
}

const TIMED_OUT = Symbol('timed out')

/** An abort signal fired after `ms` without progress, or by the caller's own signal. */
function deadline(ms: number, outer: AbortSignal | undefined) {
  const ctrl = new AbortController()
  let timer: NodeJS.Timeout | undefined
  const touch = () => {
    clearTimeout(timer)
    if (!ctrl.signal.aborted) timer = setTimeout(() => ctrl.abort(TIMED_OUT), ms)
  }
  const onOuter = () => ctrl.abort(outer!.reason)
  if (outer?.aborted) onOuter()
  else outer?.addEventListener('abort', onOuter, { once: true })
  touch()
  return {
    signal: ctrl.signal,
    touch,
    timedOut: () => ctrl.signal.reason === TIMED_OUT,
    end() {
      clearTimeout(timer)
      outer?.removeEventListener('abort', onOuter)
      ctrl.abort()
    },
  }
}

/** The answer's text, or null when it is larger than any completion or transcript. */
async function readCapped(res: Response): Promise<string | null> {
  const chunks: Uint8Array[] = []
  let size = 0
  for await (const chunk of res.body ?? []) {
    size += chunk.length
    if (size > MAX_ANSWER_BYTES) return null
    chunks.push(chunk)
  }
  return Buffer.concat(chunks).toString('utf8')
}

/** json[k0][k1]… or undefined. */
function at(json: unknown, ...keys: (string | number)[]): unknown {
  let v = json
  for (const k of keys) v = v !== null && typeof v === 'object' ? (v as Record<string | number, unknown>)[k] : undefined
  return v
}

/**
 * A multipart/form-data body produced as it is sent: the text fields, then the audio piece by
 * piece as the connection takes it (fetch pulls the next piece only once the last is written),
 * then the closing boundary. Nothing of the audio is held beyond the piece in flight.
 */
async function* multipart(boundary: string, fields: Record<string, string>, file: { fileName: string; contentType: string },
  audio: Readable, on: { sent: () => void; failed: (err: unknown) => void }): AsyncGenerator<Uint8Array> {
  let head = ''
  for (const [name, value] of Object.entries(fields)) head += `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`
  // The header carries only visible ASCII: the name's other characters become "_".
  const name = file.fileName.replace(/[^\x20-\x7e]|["\\]/g, '_')
  const type = /^[\w.+-]+\/[\w.+-]+$/.test(file.contentType) ? file.contentType : 'application/octet-stream'
  head += `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n`
  yield Buffer.from(head)
  try {
    // Not destroyed when fetch stops early: dropRest() then reads the rest so the upload completes.
    for await (const chunk of audio.iterator({ destroyOnReturn: false })) {
      on.sent()
      yield typeof chunk === 'string' ? Buffer.from(chunk) : chunk
    }
  } catch (err) {
    on.failed(err)
    throw err
  }
  yield Buffer.from(`\r\n--${boundary}--\r\n`)
}
