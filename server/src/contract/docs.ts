// Serves the generated contract and a readable documentation page.
import swagger from '@fastify/swagger'
import swaggerUi from '@fastify/swagger-ui'
import type { FastifyInstance } from 'fastify'

export async function registerDocs(api: FastifyInstance, openapi: object) {
  const body = JSON.stringify(openapi)
  api.get('/openapi.json', { schema: { hide: true } }, async (_req, reply) =>
    reply.type('application/json; charset=utf-8').send(body))
  await api.register(swagger, { mode: 'static', specification: { document: openapi as never } })
  // indexPrefix: the page is served under the API prefix (/api/docs); without it the asset
  // addresses of /api/docs (no trailing slash) point at /docs/static/… and the page is blank.
  await api.register(swaggerUi, { routePrefix: '/docs', indexPrefix: api.prefix })
}
