// Every operation is declared once, here-shaped: its contract identity (operationId, method,
// path), who may call it (access), its schemas, and a thin handler. The same declaration
// feeds Fastify (validation, serialisation), the generated contract and the authorization
// matrix test.
import type { Readable } from 'node:stream'
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { Static, TSchema } from 'typebox'
import type { JsonText } from './json-text.ts'
import type { Action, Category } from './permissions.ts'
import type { Caller } from './caller.ts'
import type { Principal, Scope } from './principal.ts'
import type { RateLimit } from './rate-limit.ts'

export type PublicAccess = { kind: 'public' }
export type TokenAccess =
  | { kind: 'authenticated' }
  | { kind: 'permission'; category: Category; action: Action }
  /**
   * The action in at least one of the categories (403 otherwise, before any lookup): for
   * records whose category is their target's (documents on an asset or a work order). The
   * service then decides per record, with `caller.may`; the scope handed to it
   * is the site restriction alone.
   */
  | { kind: 'permission-any'; categories: Category[]; action: Action }
export type Access = PublicAccess | TokenAccess

export const PUBLIC: PublicAccess = { kind: 'public' }
export const AUTHENTICATED: TokenAccess = { kind: 'authenticated' }
export const needs = (category: Category, action: Action): TokenAccess => ({ kind: 'permission', category, action })
export const needsAny = (categories: Category[], action: Action): TokenAccess => ({ kind: 'permission-any', categories, action })

type In<T> = T extends TSchema ? Static<T> : undefined

/** The success "schema" of an operation that answers a file (streamed, not JSON). */
export const FILE = { file: true } as const
export type FileAnswer = typeof FILE

/** A file answered by a download operation: streamed as it is read from storage. */
export interface Download {
  stream: Readable
  contentType: string
  /** The name offered to the browser (Content-Disposition: attachment). */
  fileName: string
  size?: number
}

/** The file part of a multipart upload: a stream that fails with 413 past the route's limit. */
export interface Upload {
  stream: Readable
  fileName: string
  mimeType: string
  /** The text fields sent before the file part. */
  fields: Record<string, string>
}

/** What a handler returns: the success schema's type, a file, or nothing for an empty answer. */
type Out<S> = S extends TSchema ? Static<S> | JsonText<Static<S>> : S extends FileAnswer ? Download : void

export interface HandlerContext<B, Q, P, Auth extends boolean> {
  body: In<B>
  query: In<Q>
  params: In<P>
  principal: Auth extends true ? Principal : Principal | null
  /**
   * The principal with its role's rights, loaded once by the pipeline: `caller.may(category,
   * right)` and `caller.scope(category)` for any category, so a service never reads the
   * caller's rights from the store itself.
   */
  caller: Auth extends true ? Caller : Caller | null
  /**
   * What the caller may see, computed once by the pipeline: for `needs(category, …)` routes
   * the category's view-other right and the site restriction; for other authenticated routes
   * the site restriction alone (view-other true).
   */
  scope: Auth extends true ? Scope : Scope | null
  /** Paginated routes: announces the next page in the `Link` header (null: last page). */
  nextPage(cursor: string | null, limit: number): void
  /**
   * Writes: the kept answers this write can change are only those depending on these topics
   * (http/answer-cache.ts `answerTopics`, OTHER_ANSWERS). Not called: every kept answer.
   */
  touched(...topics: string[]): void
  /** Upload routes: the file part (400 when the request carries none). */
  file(): Promise<Upload>
  req: FastifyRequest
  reply: FastifyReply
}

/** A successful answer: a status and the schema of its JSON body (null: 204, no body). */
export interface Success<S> { status: number; schema: S }

export interface RouteSpec<B = unknown, Q = unknown, P = unknown, S = unknown, Auth extends boolean = boolean, Id extends string = string> {
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
  success: Success<S>
  /** Keyset-paginated listing: the contract declares the `Link` header of the next page. */
  paginated?: boolean
  /**
   * multipart/form-data upload of one file, streamed to the handler (never held in memory),
   * at most `maxBytes`; `fields` are the text parts allowed beside it.
   */
  upload?: { maxBytes: number; fields?: TSchema }
  /** Download routes (success schema FILE): the content types the file may have. */
  download?: { contentTypes: string[]; maxBytes: number }
  /** Error statuses this operation answers on purpose, besides the ones derived from access and input. */
  errors?: number[]
  /**
   * Writes a phone may send again (an offline queue): an `Idempotency-Key` header makes a
   * replay answer the first answer without writing again (http/idempotency.ts).
   */
  idempotent?: boolean
  /** A tighter limit than the default one every operation has. */
  rateLimit?: RateLimit
  /**
   * GET only: the answer depends on nothing but the caller, the URL and the stored data (no
   * clock), so it may be kept per caller and URL until the next write (http/answer-cache.ts).
   * With `topics`, only until the next write that names one of them (`touched`) or changes
   * everything; the request's path parameters, query (unvalidated strings: a malformed one
   * only names a topic no write names) and caller are given.
   */
  cacheAnswer?: boolean | { topics(req: { params: Record<string, string>; query: Record<string, string>; caller: Caller }): readonly string[] | null }
  handler(ctx: HandlerContext<B, Q, P, Auth>): Promise<Out<S>>
}

type AnyRoute = RouteSpec<any, any, any, any, any>

type SchemaOrNull = TSchema | FileAnswer | null

/** A route that keeps its operationId and schema types, for the tests' typed client. */
export type TypedRoute<Id extends string, B, Q, P, S> = AnyRoute & { operationId: Id; readonly types?: { body: B; query: Q; params: P; success: S } }

/** Routes that need a token: the handler's principal and scope are typed non-null. */
export function route<
  Id extends string, B extends TSchema | undefined = undefined, Q extends TSchema | undefined = undefined,
  P extends TSchema | undefined = undefined, S extends SchemaOrNull = SchemaOrNull,
>(spec: RouteSpec<B, Q, P, S, true, Id> & { access: TokenAccess }): TypedRoute<Id, B, Q, P, S> {
  return spec as AnyRoute as TypedRoute<Id, B, Q, P, S>
}

/** Public routes: the principal is present only when a valid token was sent anyway. */
export function publicRoute<
  Id extends string, B extends TSchema | undefined = undefined, Q extends TSchema | undefined = undefined,
  P extends TSchema | undefined = undefined, S extends SchemaOrNull = SchemaOrNull,
>(spec: RouteSpec<B, Q, P, S, false, Id> & { access: PublicAccess }): TypedRoute<Id, B, Q, P, S> {
  return spec as AnyRoute as TypedRoute<Id, B, Q, P, S>
}

export type Route = AnyRoute

/** The error statuses an operation can answer, for the contract and the error handler. */
export function errorStatuses(r: Route): number[] {
  const s = new Set<number>(r.errors ?? [])
  if (r.body || r.querystring || r.params || r.upload) s.add(400)
  // A body of another type than the operation takes (JSON, or multipart for uploads).
  if (r.body || r.upload) s.add(415)
  if (r.upload) s.add(413)
  // A path parameter longer than the router accepts.
  if (r.params) s.add(414)
  if (r.access.kind !== 'public') s.add(401)
  if (r.access.kind === 'permission' || r.access.kind === 'permission-any') s.add(403)
  if (r.params) s.add(404)
  // A malformed key (400), a key still in use (409), a key used for another request (422).
  if (r.idempotent) { s.add(400); s.add(409); s.add(422) }
  s.add(429)
  s.add(500)
  s.add(503)
  return [...s].sort()
}
