// How an error is written to the log. The default serializer copies every property of an
// error and its causes: Drizzle's query error carries the query's parameters (an e-mail at
// login, a password hash at activation) in `params` and in its message, and a PostgreSQL
// error carries row values in `detail` ("Failing row contains …"). Here an error keeps what
// identifies the fault (type, SQLSTATE code, constraint/table/column names, SQL text with
// placeholders, stack frames) and nothing that can hold a value.

export type LoggedError = {
  type: string
  message: string
  code?: string
  constraint?: string
  table?: string
  column?: string
  query?: string
  stack: string
  cause?: LoggedError
}

// Quoted words after these keywords are names of database objects, not values.
const IDENTIFIER = /(\b(?:constraint|relation|column|table|index|type|schema|database|function|sequence|trigger|role)\s+)?"(?:[^"]|"")*"/gi

/** A driver message without the values it quotes (`invalid input syntax for type uuid: "…"`). */
export function withoutValues(message: string): string {
  return message.replace(IDENTIFIER, (m, keyword: string | undefined) => (keyword ? m : '"…"'))
}

/** SQL text with its string literals blanked (drizzle sends values as $n parameters). */
export function sqlShape(query: string): string {
  return query.replace(/'(?:[^']|'')*'/g, "'…'").slice(0, 2000)
}

const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined)

export function serializeError(err: unknown, depth = 0): LoggedError {
  if (!(err instanceof Error) && (typeof err !== 'object' || err === null)) return { type: typeof err, message: '(not an Error)', stack: '' }
  const e = err as Error & Record<string, unknown>
  const type = e.constructor?.name ?? 'Error'
  const query = str(e.query)
  // Drizzle's message is "Failed query: <sql>\nparams: <values>": rebuild it without the values.
  const raw = str(e.message) ?? ''
  const message = raw.startsWith('Failed query:') ? 'Failed query' : withoutValues(raw)
  // The stack's first lines repeat the message: keep only the frames.
  const frames = str(e.stack)?.split('\n').filter((l) => /^\s+at /.test(l)) ?? []
  const out: LoggedError = { type, message, stack: [`${type}: ${message}`, ...frames].join('\n') }
  const code = e.code
  if (typeof code === 'string' || typeof code === 'number') out.code = String(code)
  for (const k of ['constraint', 'table', 'column'] as const) if (str(e[k])) out[k] = str(e[k])
  if (query !== undefined) out.query = sqlShape(query)
  if (e.cause !== undefined && depth < 4) out.cause = serializeError(e.cause, depth + 1)
  return out
}
