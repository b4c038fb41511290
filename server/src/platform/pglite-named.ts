// Named statements on the embedded database. PGlite's `query()` parses and plans its text at
// every call (an unnamed statement, plus a Describe round to learn the parameter types): half
// of a hot read's time. For the statements `prepared()` registers (db/prepared.ts), this
// parses and describes once, under a name, then each call only binds and executes, in one
// message to the backend. Any other text goes to PGlite's own `query()`.
import { parse, protocol, type PGlite } from '@electric-sql/pglite'

/** Where `prepared()` finds the registry of a PGlite client (absent on PostgreSQL). */
export const NAMED_STATEMENTS = Symbol('palier.namedStatements')

type QueryOptions = Parameters<PGlite['query']>[2]
type BackendMessage = Awaited<ReturnType<PGlite['execProtocolStream']>>[number]

interface Statement {
  name: string
  paramTypes: number[]
  /** Its RowDescription (or nothing for a statement without rows), put before each call's rows. */
  described: BackendMessage[]
}

// The internals PGlite's own query() uses to keep one statement at a time on its single
// connection, outside any open transaction (public in its typings, underscored by convention).
interface Exclusive {
  /** Throws "PGlite is closed" (which the error handler answers with 503), waits for the start. */
  _checkReady(): Promise<void>
  _runExclusiveTransaction<T>(fn: () => Promise<T>): Promise<T>
  _runExclusiveQuery<T>(fn: () => Promise<T>): Promise<T>
}

const concat = (parts: Uint8Array[]) => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0))
  let at = 0
  for (const p of parts) { out.set(p, at); at += p.length }
  return out
}

/** Makes `pg.query` run the registered texts as named statements; returns the registry. */
export function useNamedStatements(pg: PGlite): Set<string> {
  const texts = new Set<string>()
  const statements = new Map<string, Statement>()
  const lock = pg as unknown as Exclusive
  const plainQuery = pg.query.bind(pg)
  const { serialize } = protocol
  const send = (parts: Uint8Array[]) => pg.execProtocolStream(concat(parts), { syncToFs: false })
  // parseResults merges the caller's parsers into PGlite's hundreds of type parsers at every
  // call; drizzle passes the same options object to every call of a statement: merged once.
  const merged = new WeakMap<object, { parsers: Record<string, unknown>; options: QueryOptions }>()
  const resultParsing = (options: QueryOptions) => {
    if (!options?.parsers) return { parsers: pg.parsers, options }
    let m = merged.get(options)
    if (!m) merged.set(options, m = { parsers: { ...pg.parsers, ...options.parsers }, options: { ...options, parsers: undefined } })
    return m
  }

  async function statementFor(text: string): Promise<Statement> {
    let s = statements.get(text)
    if (s) return s
    const name = `palier_${statements.size + 1}`
    const messages = await send([serialize.parse({ name, text }), serialize.describe({ type: 'S', name }), serialize.sync()])
    s = {
      name,
      paramTypes: parse.parseDescribeStatementResults(messages),
      described: messages.filter((m) => m.name === 'rowDescription'),
    }
    statements.set(text, s)
    return s
  }

  async function namedQuery(text: string, params: unknown[] = [], options?: QueryOptions) {
    await lock._checkReady()
    return lock._runExclusiveTransaction(() => lock._runExclusiveQuery(async () => {
      let messages: BackendMessage[]
      let s: Statement | undefined
      try {
        s = await statementFor(text)
        const types = s.paramTypes
        const values = params.map((v, i) => {
          if (v === null || v === undefined) return null
          const serializer = options?.serializers?.[types[i]] ?? pg.serializers[types[i]]
          return serializer ? serializer(v) : String(v)
        })
        // Bind, Execute and Sync in one message: after an error the backend skips to the Sync.
        messages = await send([serialize.bind({ statement: s.name, values }), serialize.execute({}), serialize.sync()])
      } catch (err) {
        // As PGlite's own query() does: the statement travels with its error (the log keeps the text only).
        throw Object.assign(err as object, { query: text, params, queryOptions: options })
      }
      await pg.syncToFs()
      const how = resultParsing(options)
      return parse.parseResults([...s.described, ...messages], how.parsers as typeof pg.parsers, how.options)[0]
    }))
  }

  pg.query = (async (text: string, params?: unknown[], options?: QueryOptions) =>
    texts.has(text) ? namedQuery(text, params, options) : plainQuery(text, params, options)) as PGlite['query']
  return texts
}
