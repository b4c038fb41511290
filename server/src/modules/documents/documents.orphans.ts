// Stored files that no document names: an upload whose file was written but whose row was
// not (the storage went away before the service could delete the file again), or a document
// deleted while its file could not be removed. Found by the fault suite (docs/architecture.md,
// "Faults"). Every hour each replica lists the stored documents and deletes those old enough
// (their key's UUIDv7 says when the upload began) that have no row: an upload under way is
// always younger than ORPHAN_MIN_AGE_MS, so a file is never taken from under its own upload.
import type { FastifyBaseLogger } from 'fastify'
import type { BackgroundContext, Stop } from '../module.ts'
import type { Clock } from '../../platform/clock.ts'
import type { Db } from '../../platform/db.ts'
import type { Storage } from '../../platform/storage.ts'
import { existingDocumentIds } from './documents.queries.ts'

export const ORPHAN_MIN_AGE_MS = 60 * 60_000
export const SWEEP_EVERY_MS = 60 * 60_000
const PREFIX = 'documents/'
const BATCH = 500

/** When a UUIDv7 was made (its first 48 bits, milliseconds since 1970); null for anything else. */
export function uuidv7Time(id: string): number | null {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i.test(id)) return null
  return parseInt(id.slice(0, 8) + id.slice(9, 13), 16)
}

/** Deletes the stored documents without a row, made more than ORPHAN_MIN_AGE_MS ago; how many. */
export async function sweepOrphanFiles(deps: { db: Db; storage: Storage; clock: Clock; log?: FastifyBaseLogger }): Promise<number> {
  const before = deps.clock.now().getTime() - ORPHAN_MIN_AGE_MS
  let removed = 0
  let batch: string[] = []
  const flush = async () => {
    const present = await existingDocumentIds(deps.db, batch)
    for (const id of batch.filter((x) => !present.has(x))) {
      await deps.storage.delete(PREFIX + id)
      removed++
      deps.log?.warn({ storageKey: PREFIX + id }, 'documents: stored file without a document removed')
    }
    batch = []
  }
  for await (const key of deps.storage.list()) {
    if (!key.startsWith(PREFIX)) continue
    const id = key.slice(PREFIX.length)
    const made = uuidv7Time(id)
    if (made === null || made > before) continue
    batch.push(id)
    if (batch.length >= BATCH) await flush()
  }
  if (batch.length) await flush()
  return removed
}

export async function startOrphanSweep(sweep: () => Promise<number>, { log, jobRan }: BackgroundContext): Promise<Stop> {
  let pass: Promise<void> | null = null
  const run = () => {
    pass ??= sweep()
      .then(() => jobRan('orphan-files', 'done'))
      .catch((err) => { jobRan('orphan-files', 'failed'); log.warn({ err }, 'documents: orphan files not swept; retried at the next pass') })
      .finally(() => { pass = null })
  }
  const timer = setInterval(run, SWEEP_EVERY_MS)
  timer.unref()
  return async () => { clearInterval(timer); await pass }
}
