// A readable source of bytes produced only as they are read, for tests of streaming code: it
// can say how much it has produced so far, wait before a piece, or fail midway like an upload
// past its limit.
import { createHash, randomBytes } from 'node:crypto'
import { Readable } from 'node:stream'

export interface ByteSourceOptions {
  /** The first bytes (a file's header); random bytes follow up to `size`. */
  first?: Uint8Array
  /** Size of each piece, or of the piece starting at `produced`. Default 64 KiB. */
  piece?: number | ((produced: number) => number)
  /** Awaited before each piece (and before the end). */
  beforePiece?: (produced: number) => Promise<void> | void
  /** Fails the stream with `error` once `bytes` have been produced. */
  failAt?: { bytes: number; error: Error }
}

export function byteSource(size: number, opts: ByteSourceOptions = {}) {
  const all = createHash('sha256')
  const kept: Buffer[] = []
  let produced = 0
  const pieceAt = (at: number) => (typeof opts.piece === 'function' ? opts.piece(at) : opts.piece ?? 64 * 1024)
  const stream = new Readable({
    read() {
      void (async () => {
        try {
          await opts.beforePiece?.(produced)
          if (opts.failAt && produced >= opts.failAt.bytes) return stream.destroy(opts.failAt.error)
          if (produced >= size) return stream.push(null)
          const n = Math.min(pieceAt(produced), size - produced)
          const first = opts.first && produced < opts.first.length ? Buffer.from(opts.first.subarray(produced, produced + n)) : Buffer.alloc(0)
          const chunk = Buffer.concat([first, randomBytes(n - first.length)])
          produced += n
          all.update(chunk)
          // Small sources keep their bytes, for exact comparisons.
          if (size <= 4 * 1024 * 1024) kept.push(chunk)
          stream.push(chunk)
        } catch (err) {
          stream.destroy(err as Error)
        }
      })()
    },
  })
  return {
    stream,
    produced: () => produced,
    /** SHA-256 of every byte produced, once the source has ended. */
    digest: () => all.digest('hex'),
    /** The bytes produced (sources up to 4 MiB). */
    bytes: () => Buffer.concat(kept),
  }
}
