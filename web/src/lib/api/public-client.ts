// The client of the public portal's operations (no account): the same generated types and the
// same ApiError, but no bearer token ever sent, and no 401 handling — a passer-by's page must not
// read or end the session of someone signed in on the same browser.
import createFetchClient, { type Middleware } from 'openapi-fetch'
import { ApiError } from './errors'
import type { paths } from './schema'

const errors: Middleware = {
  async onResponse({ response }) {
    if (response.ok) return response
    const body = await response.clone().json().catch(() => null)
    throw new ApiError(response.status, body)
  },
}

export const publicClient = createFetchClient<paths>({ baseUrl: '/api' })
publicClient.use(errors)
