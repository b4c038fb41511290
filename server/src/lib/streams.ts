// Reading the start of an upload without losing it, and dropping what nobody will read.
import { Readable } from 'node:stream'

/**
 * At least `n` first bytes of `source` (fewer when it ends sooner), and a stream that replays
 * them then the rest as it is read. Only the pieces holding those bytes are kept; the rest flows
 * with the reader's pace, and a failure of `source` (413 past an upload limit) reaches the
 * reader as the same error.
 */
export async function peek(source: Readable, n: number): Promise<{ head: Buffer; stream: Readable }> {
  // Not destroyed when we stop iterating: the replay goes on from where the head stopped.
  const pieces = source.iterator({ destroyOnReturn: false })
  const taken: Buffer[] = []
  let size = 0
  let ended = false
  while (size < n) {
    const next = await pieces.next()
    if (next.done) { ended = true; break }
    const piece = Buffer.isBuffer(next.value) ? next.value : Buffer.from(next.value)
    taken.push(piece)
    size += piece.length
  }
  async function* replay() {
    yield* taken
    taken.length = 0
    if (ended) return
    for (;;) {
      const next = await pieces.next()
      if (next.done) return
      yield next.value as Buffer
    }
  }
  return { head: Buffer.concat(taken).subarray(0, n), stream: Readable.from(replay(), { objectMode: false }) }
}

/**
 * Reads the rest of `stream` and drops it. An upload left half read stalls its request: the
 * client keeps sending and never sees the answer (a 400, a 503…).
 */
export function dropRest(stream: Readable): void {
  if (stream.readableEnded || stream.destroyed) return
  stream.on('error', () => {})
  stream.resume()
}
