// The demo library: the invented manuals of demo-manuals-data.ts written as PDFs, stored
// through the platform storage as uploadDocument stores a file (key `documents/<id>`, the
// SHA-256 of the bytes), and recorded as MANUAL documents in the assistant's corpus, attached
// to their elevator. Called inside seedDemo's transaction: if it fails, the files written so
// far are removed (the caller rolls the rows back).
import { createHash } from 'node:crypto'
import { uuidv7 } from 'uuidv7'
import { writePdf } from '../lib/pdf-writer.ts'
import type { Db } from '../platform/db.ts'
import type { Storage } from '../platform/storage.ts'
import { documents } from '../modules/documents/documents.tables.ts'
import { DEMO_MANUALS } from './demo-manuals-data.ts'

export interface ManualsContext { now: Date; assetIds: Map<string, string>; uploadedBy: string }

/** Writes the files and their rows; returns the storage keys written (to remove them on failure). */
export async function seedDemoManuals(tx: Db, storage: Storage, ctx: ManualsContext, written: string[] = []): Promise<string[]> {
  // The PDFs do not depend on each other: generated together (the slow part is pdf-lib's fonts).
  const files = await Promise.all(DEMO_MANUALS.map(async (m) => ({ m, bytes: Buffer.from(await writePdf(m.pages, { title: m.title, date: ctx.now })) })))
  const rows: (typeof documents.$inferInsert)[] = []
  for (const { m, bytes } of files) {
    const assetId = ctx.assetIds.get(m.asset)
    if (!assetId) throw new Error(`demo seed: no asset ${m.asset} for ${m.fileName}`)
    const id = uuidv7()
    const storageKey = `documents/${id}`
    await storage.put(storageKey, bytes, 'application/octet-stream')
    written.push(storageKey)
    rows.push({
      id, assetId, workOrderId: null, kind: 'MANUAL', fileName: m.fileName, contentType: 'application/pdf', sizeBytes: bytes.length,
      sha256: createHash('sha256').update(bytes).digest('hex'), storageKey, inCorpus: true, uploadedBy: ctx.uploadedBy, createdAt: ctx.now,
    })
  }
  await tx.insert(documents).values(rows)
  return written
}
