// The yardstick of `npm run bench`: a bare Fastify route (no schema, no hooks, no
// authentication) doing one primary-key lookup in a 250,000-row table of the same database
// the app uses — PostgreSQL through the app's own pool, or the app's embedded PGlite. The
// app's endpoints are reported as ratios to it, measured in the same run, so the targets
// hold on any machine and survive other jobs sharing it.
import Fastify, { type FastifyInstance } from 'fastify'
import type { Database } from '../src/platform/db.ts'

export const BARE_ROWS = 250_000

/** What node-postgres' Pool and PGlite have in common. */
interface RawClient {
  query(text: string, params?: unknown[]): Promise<{ rows: unknown[] }>
}

export interface Bare {
  url: string
  /** The floor of an answer of a given size: `staticBody` sent from memory, no work at all. */
  staticUrl: string
  close(): Promise<void>
}

/** Creates and fills `bench_bare`, then serves `GET /bare` (a random row each time). */
export async function startBare(database: Database, staticBody = '{}'): Promise<Bare> {
  const client = (database.db as unknown as { $client: RawClient }).$client
  await client.query('DROP TABLE IF EXISTS bench_bare')
  await client.query('CREATE TABLE bench_bare (id integer PRIMARY KEY, name text NOT NULL, created_at timestamptz NOT NULL)')
  await client.query(`INSERT INTO bench_bare SELECT g, 'row ' || g, now() FROM generate_series(1, ${BARE_ROWS}) g`)
  await client.query('ANALYZE bench_bare')

  const fastify: FastifyInstance = Fastify({ logger: false })
  fastify.get('/bare', async () => {
    const id = 1 + Math.floor(Math.random() * BARE_ROWS)
    const { rows } = await client.query('SELECT id, name, created_at FROM bench_bare WHERE id = $1', [id])
    return rows[0]
  })
  fastify.get('/static', async (_req, reply) => reply.type('application/json; charset=utf-8').send(staticBody))
  await fastify.listen({ host: '127.0.0.1', port: 0 })
  const address = fastify.server.address()
  if (!address || typeof address === 'string') throw new Error('no TCP address')
  return {
    url: `http://127.0.0.1:${address.port}/bare`,
    staticUrl: `http://127.0.0.1:${address.port}/static`,
    async close() {
      await fastify.close()
      await client.query('DROP TABLE IF EXISTS bench_bare')
    },
  }
}
