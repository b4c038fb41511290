// Mounts declared routes on Fastify: authentication and the permission check run in
// onRequest, before the body is even parsed, so an anonymous caller learns nothing about
// validation rules and a forbidden one gets 403 whatever it sent.
import multipart from '@fastify/multipart'
import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestAsyncHookHandler } from 'fastify'
import { ErrorResponse } from './common.schemas.ts'
import { forbidden, unauthorized } from './errors.ts'
import { JsonText } from './json-text.ts'
import { nextLink } from './pagination.ts'
import { callerOf, type Caller } from './caller.ts'
import type { PermissionRow } from './permissions.ts'
import { sitesOnlyScope, type Principal, type Scope } from './principal.ts'
import { RateLimiter, type RateLimit } from './rate-limit.ts'
import type { Cache } from '../platform/cache.ts'
import type { Clock } from '../platform/clock.ts'
import { MULTIPART_LIMITS, readUpload, sendDownload } from './files.ts'
import type { AnswerCache, AnswerTicket } from './answer-cache.ts'
import { errorStatuses, type Download, type Route } from './route.ts'
import { conditional, conditionalGet } from './etag.ts'
import { idempotencyCheck, keepIdempotentAnswer, type IdempotencyStore } from './idempotency.ts'

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The operation a route serves (the contract's operationId). */
    operationId?: string
  }
  interface FastifyRequest {
    principal: Principal | null
    /** The principal with its role's rights (null on public routes called without a token). */
    caller: Caller | null
    /** The caller's scope in the route's category (null on public routes). */
    scope: Scope | null
    /** The user id of the bearer token if it verifies (undefined: not looked at yet). */
    tokenUserId: string | null | undefined
    /** Its issue time in seconds, for the user's token cut-off. */
    tokenIssuedAt: number | null
    /** A read that may keep its answer (http/answer-cache.ts). */
    answerTicket: AnswerTicket | null
    /** A write's changed topics, when it named them (null: everything). */
    answerTopics: string[] | null
  }
}

export interface TokenVerifier {
  /** The user id and issue time (seconds) of a valid token, or null. */
  verify(token: string): { userId: string; iat: number } | null
}

function bearer(req: FastifyRequest): string | null | undefined {
  const h = req.headers.authorization
  if (h === undefined) return undefined
  const m = /^Bearer ([A-Za-z0-9_\-.]+)$/.exec(h)
  return m ? m[1] : null
}

/** What the pipeline needs from the store: the caller and its role's rows (cached). */
export interface Gatekeeper {
  /** The caller behind a verified token, or null (gone, inactive, token revoked). */
  loadPrincipal(userId: string, issuedAt: number): Promise<Principal | null>
  permissions(roleId: string): Promise<PermissionRow[]>
}

export interface RouteDeps {
  access: Gatekeeper
  tokens: TokenVerifier
  cache: Cache
  clock: Clock
  defaultRateLimit: RateLimit
  /** Null: no answer is kept (disabled, or replicas that share no cache channel). */
  answers: AnswerCache | null
  /** Where the answers of `idempotent` writes are kept (http/idempotency.ts). */
  idempotency: IdempotencyStore
}

/** Keeps the serialised answer of a read that missed, with its ETag, for the next identical one. */
function keepAnswer(kept: AnswerCache) {
  return (req: FastifyRequest, reply: FastifyReply, payload: string, etag: string) => {
    const ticket = req.answerTicket
    if (!ticket) return
    req.answerTicket = null
    kept.keep(ticket, payload, reply.getHeader('link') as string | undefined, etag)
  }
}

export function registerRoutes(app: FastifyInstance, routes: Route[], deps: RouteDeps) {
  app.decorateRequest('principal', null)
  app.decorateRequest('caller', null)
  app.decorateRequest('scope', null)
  app.decorateRequest('tokenUserId', undefined)
  app.decorateRequest('tokenIssuedAt', null)
  app.decorateRequest('answerTicket', null)
  app.decorateRequest('answerTopics', null)
  app.decorateRequest('idempotencyClaim', null)
  const answers = deps.answers
  // The signature is checked once per request, for the rate limit and for authentication.
  const userOf = (req: FastifyRequest) => {
    if (req.tokenUserId === undefined) {
      const token = bearer(req)
      const verified = token ? deps.tokens.verify(token) : null
      req.tokenUserId = verified?.userId ?? null
      req.tokenIssuedAt = verified?.iat ?? null
    }
    return req.tokenUserId
  }
  const limiter = new RateLimiter({ cache: deps.cache, clock: deps.clock, userOf, warn: (err, msg) => app.log.warn({ err }, msg) })
  app.addHook('onClose', () => limiter.close())

  async function authenticate(req: FastifyRequest, required: boolean) {
    const token = bearer(req)
    if (token === undefined && !required) return
    const userId = token ? userOf(req) : null
    const principal = userId ? await deps.access.loadPrincipal(userId, req.tokenIssuedAt!) : null
    if (!principal) {
      if (required) throw unauthorized(token === undefined ? undefined : 'Jeton invalide ou expiré.')
      return
    }
    req.principal = principal
  }

  function mount(app: FastifyInstance, r: Route) {
    // The default limit of operations that need a token is counted in process (batched);
    // a declared limit, or any limit of a public operation, exactly (see rate-limit.ts).
    const limit = r.rateLimit ?? deps.defaultRateLimit
    const exactLimit = r.rateLimit !== undefined || r.access.kind === 'public'
    const response: Record<number, unknown> = {}
    // A file answer is streamed as it is, not serialised.
    if (!r.download) response[r.success.status] = r.success.schema ?? { type: 'null', description: 'No content' }
    for (const s of errorStatuses(r)) response[s] = ErrorResponse
    if (r.cacheAnswer && r.method !== 'GET') throw new Error(`${r.operationId}: only a GET answer may be kept`)
    const kept = r.cacheAnswer ? answers : null
    const topicsOf = typeof r.cacheAnswer === 'object' ? r.cacheAnswer.topics : null
    const writes = r.method !== 'GET'
    if (r.idempotent && !writes) throw new Error(`${r.operationId}: only a write takes an Idempotency-Key`)

    const onRequest: onRequestAsyncHookHandler = async (req, reply) => {
      await limiter.apply(req, reply, limit, exactLimit)
      await authenticate(req, r.access.kind !== 'public')
      const p = req.principal
      if (!p) return
      // The route's right, its scope and every right the service asks the caller about come
      // from the same cached rows: one decision per request.
      const caller = callerOf(p, await deps.access.permissions(p.role.id))
      req.caller = caller
      const access = r.access
      if (access.kind === 'permission') {
        if (!caller.may(access.category, access.action)) throw forbidden()
        req.scope = caller.scope(access.category)
      } else if (access.kind === 'permission-any') {
        if (!access.categories.some((c) => caller.may(c, access.action))) throw forbidden()
        req.scope = sitesOnlyScope(p)
      } else {
        req.scope = sitesOnlyScope(p)
      }
      if (kept) {
        // Looked up only now: the caller is authenticated and allowed, and the key is its own.
        const topics = topicsOf?.({ params: req.params as Record<string, string>, query: req.query as Record<string, string>, caller }) ?? null
        const found = kept.lookup(`${p.id} ${req.url}`, topics)
        if ('hit' in found) {
          reply.code(r.success.status)
          // The caller already holds this very answer: 304, nothing sent again.
          if (conditional(req, reply, found.hit.etag)) return reply.send()
          if (found.hit.link) reply.header('link', found.hit.link)
          reply.type('application/json; charset=utf-8').send(found.hit.payload)
          return reply
        }
        req.answerTicket = found.ticket
      }
    }

    app.route({
      method: r.method,
      url: r.url,
      config: { operationId: r.operationId },
      // The upload's own limit replaces the JSON body limit (the file is streamed, not buffered).
      ...(r.upload ? { bodyLimit: r.upload.maxBytes + MULTIPART_LIMITS.fields * MULTIPART_LIMITS.fieldSize + 65_536 } : {}),
      schema: {
        operationId: r.operationId,
        summary: r.summary,
        description: r.description,
        tags: [r.tag],
        ...(r.access.kind === 'public' ? { security: [] } : { security: [{ bearerAuth: [] }] }),
        ...(r.body ? { body: r.body } : {}),
        ...(r.querystring ? { querystring: r.querystring } : {}),
        ...(r.params ? { params: r.params } : {}),
        response,
      },
      onRequest,
      // Every JSON answer of a read carries its ETag and may be answered 304 (http/etag.ts).
      ...(!writes && !r.download ? { onSend: conditionalGet(r.success.status, kept ? keepAnswer(kept) : null) } : {}),
      // Declared per route: the key is looked at after validation, the answer kept as it leaves.
      ...(r.idempotent ? { preHandler: idempotencyCheck(deps.idempotency, r.operationId, () => deps.clock.now()), onSend: keepIdempotentAnswer(deps.idempotency) } : {}),
      handler: async (req, reply) => {
        const nextPage = (cursor: string | null, limit: number) => {
          if (!r.paginated) throw new Error(`${r.operationId} is not declared paginated`)
          if (cursor) reply.header('link', nextLink(req, cursor, limit))
        }
        const file = () => {
          if (!r.upload) throw new Error(`${r.operationId} is not declared an upload`)
          return readUpload(req, r)
        }
        const touched = (...topics: string[]) => {
          if (!writes) throw new Error(`${r.operationId}: a read changes no kept answer`)
          req.answerTopics = [...(req.answerTopics ?? []), ...topics]
        }
        let out
        try {
          out = await r.handler({ body: req.body, query: req.query, params: req.params, principal: req.principal, caller: req.caller, scope: req.scope, nextPage, file, touched, req, reply })
        } finally {
          // Whatever the outcome, once the write has committed or rolled back and before the
          // answer leaves: no kept answer read before it that it may change is served again.
          if (writes) await answers?.changed(req.answerTopics)
        }
        if (r.download) return sendDownload(reply, r.success.status, out as Download)
        reply.code(r.success.status)
        if (out instanceof JsonText) return reply.type('application/json; charset=utf-8').send(out.text)
        return r.success.schema ? out : reply.send()
      },
    })
  }

  for (const r of routes.filter((x) => !x.upload)) mount(app, r)
  // Upload routes live in their own context: only they parse multipart bodies.
  const uploads = routes.filter((x) => x.upload)
  if (uploads.length) {
    app.register(async (sub) => {
      await sub.register(multipart, { limits: MULTIPART_LIMITS })
      for (const r of uploads) mount(sub, r)
    })
  }
}
