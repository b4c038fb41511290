// Serves the generated contract and a readable documentation page.
import swagger from '@fastify/swagger'
import swaggerUi from '@fastify/swagger-ui'
import type { FastifyInstance } from 'fastify'
import { pageHeaders } from '../http/web-client.ts'

export async function registerDocs(api: FastifyInstance, openapi: object) {
  const body = JSON.stringify(openapi)
  await api.register(swagger, { mode: 'static', specification: { document: openapi as never } })
  // The documentation is a page on the web client's origin, where the token sits in
  // localStorage: it carries the client's Content-Security-Policy (Swagger UI needs nothing
  // more: its scripts and styles are files of this origin, inline styles allowed, the contract
  // fetched from here) and frame protection, like every page (nosniff and the referrer policy
  // come from the app's own hook). In a context of its own: the JSON answers keep theirs.
  await api.register(async (docs) => {
    docs.addHook('onSend', (_req, reply, payload, done) => {
      pageHeaders(reply)
      done(null, payload)
    })
    docs.get('/openapi.json', { schema: { hide: true } }, async (_req, reply) =>
      reply.type('application/json; charset=utf-8').send(body))
    // indexPrefix: the page is served under the API prefix (/api/docs); without it the asset
    // addresses of /api/docs (no trailing slash) point at /docs/static/… and the page is blank.
    await docs.register(swaggerUi, { routePrefix: '/docs', indexPrefix: api.prefix })
  })
}
