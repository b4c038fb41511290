// Every operation is declared once, here-shaped: its contract identity (operationId, method,
// path), who may call it (access), its schemas, and a thin handler. The same declaration
// feeds Fastify (validation, serialisation), the generated contract and the authorization
// matrix test.
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { Static, TSchema } from 'typebox'
import type { Action, Category } from '../modules/access/access.matrix.ts'
import type { Principal } from '../modules/access/access.service.ts'
import type { RateLimit } from './rate-limit.ts'

export type PublicAccess = { kind: 'public' }
export type TokenAccess = { kind: 'authenticated' } | { kind: 'permission'; category: Category; action: Action }
export type Access = PublicAccess | TokenAccess

export const PUBLIC: PublicAccess = { kind: 'public' }
export const AUTHENTICATED: TokenAccess = { kind: 'authenticated' }
export const needs = (category: Category, action: Action): TokenAccess => ({ kind: 'permission', category, action })

type In<T> = T extends TSchema ? Static<T> : undefined

export interface HandlerContext<B, Q, P, Auth extends boolean> {
  body: In<B>
  query: In<Q>
  params: In<P>
  principal: Auth extends true ? Principal : Principal | null
  req: FastifyRequest
  reply: FastifyReply
}

export interface RouteSpec<B = unknown, Q = unknown, P = unknown, Auth extends boolean = boolean, Id extends string = string, S extends TSchema | null = TSchema | null> {
  operationId: Id
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'
  /** Path as in the spec, Fastify style (`/users/:id`); served under /api. */
  url: string
  tag: string
  summary: string
  description?: string
  access: Access
  body?: B
  querystring?: Q
  params?: P
  /** Success status and its schema; null for an empty (204) answer. */
  success: { status: number; schema: S }
  /** Error statuses this operation answers on purpose, besides the ones derived from access and input. */
  errors?: number[]
  /** A tighter limit than the default one every operation has. */
  rateLimit?: RateLimit
  handler(ctx: HandlerContext<B, Q, P, Auth>): Promise<unknown>
}

type AnyRoute = RouteSpec<any, any, any, any>

/** A route that keeps its operationId and schema types, for the tests' typed client. */
export type TypedRoute<Id extends string, B, Q, P, S> = AnyRoute & { operationId: Id; readonly types?: { body: B; query: Q; params: P; success: S } }

/** Routes that need a token: the handler's principal is typed non-null. */
export function route<Id extends string, B extends TSchema | undefined = undefined, Q extends TSchema | undefined = undefined, P extends TSchema | undefined = undefined, S extends TSchema | null = null>(
  spec: RouteSpec<B, Q, P, true, Id, S> & { access: TokenAccess },
): TypedRoute<Id, B, Q, P, S> {
  return spec as AnyRoute as TypedRoute<Id, B, Q, P, S>
}

/** Public routes: the principal is present only when a valid token was sent anyway. */
export function publicRoute<Id extends string, B extends TSchema | undefined = undefined, Q extends TSchema | undefined = undefined, P extends TSchema | undefined = undefined, S extends TSchema | null = null>(
  spec: RouteSpec<B, Q, P, false, Id, S> & { access: PublicAccess },
): TypedRoute<Id, B, Q, P, S> {
  return spec as AnyRoute as TypedRoute<Id, B, Q, P, S>
}

export type Route = AnyRoute

/** The error statuses an operation can answer, for the contract and the error handler. */
export function errorStatuses(r: Route): number[] {
  const s = new Set<number>(r.errors ?? [])
  if (r.body || r.querystring || r.params) s.add(400)
  if (r.access.kind !== 'public') s.add(401)
  if (r.access.kind === 'permission') s.add(403)
  if (r.params) s.add(404)
  s.add(429)
  s.add(500)
  s.add(503)
  return [...s].sort()
}
