// The `Idempotency-Key` request header on the writes a phone may send again (routes declared
// `idempotent`): a technician's phone queues its changes while offline and sends them when the
// network returns, and may send one twice (an answer lost on the way back). The first request
// with a key claims it in the store and does the write; its answer (status and body) is kept
// 24 hours; a replay by the same caller with the same request gets that answer again, without
// the write. Same key, other request (method, path or body): 422 IDEMPOTENCY_KEY_REUSED.
// A replay arriving while the first is still running waits for its answer (polling the store),
// 409 IDEMPOTENCY_KEY_IN_USE past IN_FLIGHT_WAIT_MS. The store's unique key (caller, key)
// decides two concurrent first requests: one claims, the other waits.
// An answer of 5xx is not kept (the key is released): the write did not happen, a retry may.
import { createHash } from 'node:crypto'
import type { FastifyReply, FastifyRequest, onSendHookHandler, preHandlerAsyncHookHandler } from 'fastify'
import { AppError } from './errors.ts'

export const IDEMPOTENCY_HEADER = 'idempotency-key'
/** How long a key and its answer are kept. */
export const IDEMPOTENCY_TTL_MS = 24 * 3600 * 1000
/** How long a replay waits for the first request's answer before 409. */
export const IN_FLIGHT_WAIT_MS = 10_000
const POLL_MS = 50

/** Printable ASCII, 1 to 255 characters (a UUID from the phone, in practice). */
const KEY_SHAPE = /^[\x21-\x7E][\x20-\x7E]{0,254}$/

export const IDEMPOTENCY_DOC = 'Optional. A key of 1–255 printable characters chosen by the client (a UUID), unique per change. A replay by the same caller with the same key and the same request (method, path and body) within 24 hours answers the first answer (status and body, with `Idempotent-Replayed: true`) without doing the write again; the same key with another request answers 422 IDEMPOTENCY_KEY_REUSED; while the first request is still running a replay waits for its answer (409 IDEMPOTENCY_KEY_IN_USE after 10 s). A 5xx answer is not kept.'

export interface KeptKey {
  requestHash: string
  /** Null while the first request is running. */
  status: number | null
  answer: string | null
}

/** The store side (modules/idempotency): one row per caller and key. */
export interface IdempotencyStore {
  /**
   * Claims the key for this request: true when this request is the first (or the key had
   * expired), else the row as it stands.
   */
  claim(userId: string, key: string, operation: string, requestHash: string, now: Date): Promise<true | KeptKey>
  /** Keeps the first request's answer. */
  answer(userId: string, key: string, status: number, answer: string): Promise<void>
  /** Forgets a claim whose request failed (5xx): a retry does the write. */
  release(userId: string, key: string): Promise<void>
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The key this request claimed (its answer is kept in onSend). */
    idempotencyClaim: { userId: string; key: string } | null
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

export function requestHash(req: FastifyRequest): string {
  return createHash('sha256').update(`${req.method} ${req.url}\n${JSON.stringify(req.body ?? null)}`).digest('base64url')
}

/** The preHandler of an idempotent route: runs after validation, before the handler. */
export function idempotencyCheck(store: IdempotencyStore, operation: string, now: () => Date): preHandlerAsyncHookHandler {
  return async (req: FastifyRequest, reply: FastifyReply) => {
    const key = req.headers[IDEMPOTENCY_HEADER]
    if (key === undefined || !req.principal) return
    if (typeof key !== 'string' || !KEY_SHAPE.test(key)) throw new AppError('INVALID_IDEMPOTENCY_KEY')
    const userId = req.principal.id
    const hash = requestHash(req)
    const deadline = Date.now() + IN_FLIGHT_WAIT_MS
    for (;;) {
      const kept = await store.claim(userId, key, operation, hash, now())
      if (kept === true) {
        req.idempotencyClaim = { userId, key }
        return
      }
      if (kept.requestHash !== hash) throw new AppError('IDEMPOTENCY_KEY_REUSED')
      if (kept.status !== null) {
        reply.code(kept.status).header('idempotent-replayed', 'true').type('application/json; charset=utf-8').send(kept.answer ?? '')
        return reply
      }
      if (Date.now() > deadline) throw new AppError('IDEMPOTENCY_KEY_IN_USE')
      await sleep(POLL_MS)
    }
  }
}

/** The onSend hook of an idempotent route: keeps the claimed request's answer. */
export function keepIdempotentAnswer(store: IdempotencyStore): onSendHookHandler {
  return async (req, reply, payload) => {
    const claim = req.idempotencyClaim
    if (!claim) return payload
    req.idempotencyClaim = null
    if (reply.statusCode >= 500) await store.release(claim.userId, claim.key)
    else await store.answer(claim.userId, claim.key, reply.statusCode, typeof payload === 'string' ? payload : '')
    return payload
  }
}
