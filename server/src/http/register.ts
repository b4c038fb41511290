// Mounts declared routes on Fastify: authentication and the permission check run in
// onRequest, before the body is even parsed, so an anonymous caller learns nothing about
// validation rules and a forbidden one gets 403 whatever it sent.
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { AccessService, Principal } from '../modules/access/access.service.ts'
import { ErrorResponse } from './common.schemas.ts'
import { unauthorized } from './errors.ts'
import { applyRateLimit, type RateLimit } from './rate-limit.ts'
import type { Cache } from '../platform/cache.ts'
import type { Clock } from '../platform/clock.ts'
import { errorStatuses, type Route } from './route.ts'

declare module 'fastify' {
  interface FastifyRequest {
    principal: Principal | null
    /** The user id of the bearer token if it verifies (undefined: not looked at yet). */
    tokenUserId: string | null | undefined
    /** Its issue time in seconds, for the user's token cut-off. */
    tokenIssuedAt: number | null
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

export interface RouteDeps {
  access: AccessService
  tokens: TokenVerifier
  cache: Cache
  clock: Clock
  defaultRateLimit: RateLimit
}

export function registerRoutes(app: FastifyInstance, routes: Route[], deps: RouteDeps) {
  app.decorateRequest('principal', null)
  app.decorateRequest('tokenUserId', undefined)
  app.decorateRequest('tokenIssuedAt', null)
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
  const rateDeps = { cache: deps.cache, clock: deps.clock, userOf }

  async function authenticate(req: FastifyRequest, required: boolean) {
    const token = bearer(req)
    if (token === undefined && !required) return
    const userId = token ? userOf(req) : null
    const principal = userId ? await deps.access.loadPrincipal(userId, req.tokenIssuedAt!) : null
    if (!principal) {
      if (required) throw unauthorized(token === undefined ? 'Authentification requise.' : 'Jeton invalide ou expiré.')
      return
    }
    req.principal = principal
  }

  for (const r of routes) {
    const response: Record<number, unknown> = {}
    response[r.success.status] = r.success.schema ?? { type: 'null', description: 'No content' }
    for (const s of errorStatuses(r)) response[s] = ErrorResponse

    app.route({
      method: r.method,
      url: r.url,
      config: { operationId: r.operationId },
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
      onRequest: async (req, reply) => {
        await applyRateLimit(req, reply, r.rateLimit ?? deps.defaultRateLimit, rateDeps)
        await authenticate(req, r.access.kind !== 'public')
        if (r.access.kind === 'permission') await deps.access.require(req.principal!, r.access.category, r.access.action)
      },
      handler: async (req, reply) => {
        const out = await r.handler({ body: req.body, query: req.query, params: req.params, principal: req.principal, req, reply })
        reply.code(r.success.status)
        return r.success.schema ? out : reply.send()
      },
    })
  }
}
