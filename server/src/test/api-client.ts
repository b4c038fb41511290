// A typed client with one method per operation, built from the routes the app declares:
// `t.api.getAsset({ params: { id } }, token)`. Inputs are typed from the route's TypeBox
// schemas, the answer's body as the success schema (what a client reads after checking the
// status). For a deliberately malformed request, use `t.request()`.
import assert from 'node:assert/strict'
import type { Static, TSchema } from 'typebox'
import type { DeclaredRoute } from '../modules/index.ts'

/** Every declared operation with its schema types. */
type Operation = DeclaredRoute
export type OperationId = Operation['operationId']
type Op<Id extends OperationId> = Extract<Operation, { operationId: Id }>

/** What travels as JSON: dates become strings. */
export type Wire<T> = T extends Date ? string
  : T extends (infer E)[] ? Wire<E>[]
  : T extends object ? { [K in keyof T]: Wire<T[K]> }
  : T

type Of<S> = S extends TSchema ? Static<S> : never

type Types<R> = NonNullable<R extends { types?: infer T } ? T : never>

export type Input<R> =
  (Types<R> extends { params: infer P extends TSchema } ? { params: Static<P> } : unknown)
  & (Types<R> extends { body: infer B extends TSchema } ? { body: Static<B> } : unknown)
  & (Types<R> extends { query: infer Q extends TSchema } ? { query?: Static<Q> } : unknown)
  & { headers?: Record<string, string>; ip?: string }

export interface ApiResponse<T> {
  status: number
  /** Typed as the success body; after a refusal it holds the error body (see assertError). */
  body: T
  headers: Record<string, unknown>
  /** The status the operation declares for success. */
  successStatus: number
}

type Body<R> = Types<R> extends { success: infer S } ? (S extends TSchema ? Wire<Of<S>> : null) : never
type Call<R> = {} extends Input<R>
  ? (input?: Input<R>, token?: string | null) => Promise<ApiResponse<Body<R>>>
  : (input: Input<R>, token?: string | null) => Promise<ApiResponse<Body<R>>>

export type Api = { [Id in OperationId]: Call<Op<Id>> }

/** An operation's body, query and success body types, for fixtures and helpers. */
export type BodyOf<Id extends OperationId> = Types<Op<Id>> extends { body: infer B extends TSchema } ? Static<B> : never
export type QueryOf<Id extends OperationId> = Types<Op<Id>> extends { query: infer Q extends TSchema } ? Static<Q> : never
export type ResultOf<Id extends OperationId> = Body<Op<Id>>

export type Send = (method: string, url: string, opts: { token?: string | null; body?: unknown; headers?: Record<string, string>; ip?: string })
  => Promise<{ status: number; body: any; headers: Record<string, unknown> }>

interface RouteShape { operationId: string; method: string; url: string; success: { status: number } }

/** Builds the client over the app's routes; `send` is the harness's inject-based request. */
export function apiClient(routes: readonly RouteShape[], send: Send): Api {
  const api: Record<string, unknown> = {}
  for (const r of routes) {
    api[r.operationId] = async (input: { params?: Record<string, unknown>; query?: Record<string, unknown>; body?: unknown; headers?: Record<string, string>; ip?: string } = {}, token?: string | null) => {
      const path = r.url.replace(/:(\w+)/g, (_, name: string) => {
        const v = input.params?.[name]
        assert.ok(v !== undefined, `${r.operationId}: missing path parameter ${name}`)
        return encodeURIComponent(String(v))
      })
      const q = new URLSearchParams()
      for (const [k, v] of Object.entries(input.query ?? {})) {
        if (v === undefined) continue
        for (const one of Array.isArray(v) ? v : [v]) q.append(k, String(one))
      }
      const url = q.size ? `${path}?${q}` : path
      const res = await send(r.method, url, { token, body: input.body, headers: input.headers, ip: input.ip })
      return { ...res, successStatus: r.success.status }
    }
  }
  return api as Api
}

/** Asserts the operation answered its declared success status and returns the typed body. */
export function ok<T>(res: ApiResponse<T>): T {
  assert.equal(res.status, res.successStatus, JSON.stringify(res.body))
  return res.body
}
