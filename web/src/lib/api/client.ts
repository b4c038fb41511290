// The one API layer: a typed client generated from contract/openapi.json (schema.d.ts, never
// edited by hand), the bearer token added in one place, errors turned into ApiError, and a
// 401 ending the session (back to the login page, the current page remembered).
import createFetchClient, { type Middleware } from 'openapi-fetch'
import createQueryHooks from 'openapi-react-query'
import { ApiError } from './errors'
import type { paths } from './schema'
import { session } from '../auth/session'

const auth: Middleware = {
  onRequest({ request }) {
    const token = session.token()
    if (token) request.headers.set('authorization', `Bearer ${token}`)
    return request
  },
  async onResponse({ request, response }) {
    if (response.ok) return response
    const body = await response.clone().json().catch(() => null)
    // A 401 on a call made with a token: the session is over (expired, revoked, disabled).
    if (response.status === 401 && request.headers.has('authorization')) session.expire()
    throw new ApiError(response.status, body)
  },
}

export const client = createFetchClient<paths>({ baseUrl: '/api' })
client.use(auth)

/** TanStack Query hooks on the typed client: `$api.useQuery('get', '/work-orders/{id}', …)`. */
export const $api = createQueryHooks(client)

export type { paths, components } from './schema'
export type Schemas = import('./schema').components['schemas']
