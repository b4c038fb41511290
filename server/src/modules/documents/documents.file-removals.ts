// Stored files whose removal failed: an upload refused after its file was written (the storage
// went away before the service could delete it again, as the fault suite found), or a deleted
// document's file. Each key is tried again every REMOVAL_RETRY_MS until the storage takes the
// delete, so soon after the storage returns it holds no file without its row. Kept in
// process: keys left by a replica that stops are the hourly sweep's (documents.orphans.ts).
import type { FastifyBaseLogger } from 'fastify'
import type { BackgroundContext, Stop } from '../module.ts'
import type { Storage } from '../../platform/storage.ts'

export const REMOVAL_RETRY_MS = 2000
/** Past this many keys waiting, more are left to the hourly sweep (memory stays bounded). */
const MAX_WAITING = 10_000

export class FileRemovals {
  readonly #storage: Pick<Storage, 'delete'>
  readonly #waiting = new Set<string>()

  constructor(storage: Pick<Storage, 'delete'>) { this.#storage = storage }

  get waiting(): number { return this.#waiting.size }

  /** Keeps the key to try again at the next pass. */
  later(key: string): void {
    if (this.#waiting.size < MAX_WAITING) this.#waiting.add(key)
  }

  /** Removes now, or keeps the key for later when the storage refuses. Whether it is gone. */
  async remove(key: string): Promise<boolean> {
    try {
      await this.#storage.delete(key)
      return true
    } catch {
      this.later(key)
      return false
    }
  }

  /** Tries every waiting key once, stopping at the first refusal (the storage is still away). */
  async retry(log?: Pick<FastifyBaseLogger, 'info'>): Promise<number> {
    let removed = 0
    for (const key of [...this.#waiting]) {
      try {
        await this.#storage.delete(key)
      } catch {
        break
      }
      this.#waiting.delete(key)
      removed++
      log?.info({ storageKey: key }, 'documents: stored file removed once the storage answered again')
    }
    return removed
  }
}

export function startFileRemovals(removals: FileRemovals, { log, jobRan }: BackgroundContext): Stop {
  let pass: Promise<void> | null = null
  const timer = setInterval(() => {
    if (pass || removals.waiting === 0) return
    pass = removals.retry(log)
      .then(() => jobRan('file-removals', removals.waiting === 0 ? 'done' : 'failed'))
      .finally(() => { pass = null })
  }, REMOVAL_RETRY_MS)
  timer.unref()
  return async () => { clearInterval(timer); await pass }
}
