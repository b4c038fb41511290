// seed:scale's library for the assistant: 36 manuals of invented makers (12 families of
// equipment, 3 models each, 225 pages), written as real PDFs (lib/pdf-writer.ts), stored
// through the storage the service reads (DATA_DIR/files or S3, as loadConfig gives it) under
// `documents/<id>` as uploadDocument stores a file, and recorded as MANUAL documents in the
// corpus, each on an elevator of the fleet that gets the equipment as a component.
import { createHash } from 'node:crypto'
import type pg from 'pg'
import { uuidv7 } from 'uuidv7'
import { writePdf } from '../lib/pdf-writer.ts'
import type { Storage } from '../platform/storage.ts'
import { CONTROL_FAMILIES } from './scale-manuals-control.ts'
import { DOOR_FAMILIES } from './scale-manuals-doors.ts'
import { DRIVE_FAMILIES } from './scale-manuals-drive.ts'
import type { ScaleFamily } from './scale-manuals-types.ts'

export interface ScaleManual {
  brand: string
  model: string
  family: ScaleFamily
  fileName: string
  title: string
  /** The elevator it is attached to: `idx` of scale_asset (its reference is ASC-<idx>). */
  assetIdx: number
  /** What the reports of that elevator may say about the equipment (scale-notes.ts). */
  notes: string[]
}

const FAMILIES = [...DRIVE_FAMILIES, ...DOOR_FAMILIES, ...CONTROL_FAMILIES]

const slug = (s: string) => s.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').replace(/œ/g, 'oe').replace(/[^A-Za-z0-9-]+/g, '_').replace(/^_+|_+$/g, '')

/**
 * The manuals and the elevators they go to: spread over the fleet by a stride prime to it, so
 * that they land on elevators of every site and brand (at a tiny factor, several on one).
 */
export function scaleManuals(assets: number): ScaleManual[] {
  return FAMILIES.flatMap((family) => family.models.map((model, k) => ({ family, model, k }))).map(({ family, model, k }, i) => {
    const title = family.title(model)
    return {
      brand: family.brand, model, family, title,
      fileName: `${slug(`${family.brand} ${model} ${title.split(' — ')[1] ?? ''}`)}.pdf`,
      assetIdx: 1 + ((i * 139) % assets),
      notes: family.notes(model, k),
    }
  })
}

/** The pages of a manual (one PageSpec per page). */
export const manualPages = (m: ScaleManual) => m.family.pages(m.model, m.family.models.indexOf(m.model))

export interface ManualsWritten { documents: number; pages: number; bytes: number; keys: string[] }

/**
 * Writes the PDFs into `storage` and their rows (documents, and the equipment as a component of
 * its elevator) through `client`. The keys written are pushed to `written` as they go, so that a
 * caller can remove them when a later step fails.
 */
export async function seedScaleManuals(client: pg.Client, storage: Storage, assets: number, now: Date, written: string[] = []): Promise<ManualsWritten> {
  const manuals = scaleManuals(assets)
  // Independent files: generated together (pdf-lib's font embedding is the slow part).
  const files = await Promise.all(manuals.map(async (m) => ({ m, pages: manualPages(m).length, bytes: Buffer.from(await writePdf(manualPages(m), { title: m.title, date: now })) })))
  const rows: { id: string; key: string; m: ScaleManual; size: number; sha256: string; at: Date }[] = []
  for (const [i, { m, bytes }] of files.entries()) {
    const id = uuidv7()
    const key = `documents/${id}`
    await storage.put(key, bytes, 'application/octet-stream')
    written.push(key)
    rows.push({ id, key, m, size: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex'), at: new Date(now.getTime() - (i + 1) * 86_400_000) })
  }
  const col = <T>(f: (r: (typeof rows)[number]) => T) => rows.map(f)
  await client.query(`
    INSERT INTO documents (id, asset_id, kind, file_name, content_type, size_bytes, sha256, storage_key, in_corpus, uploaded_by, created_at)
    SELECT d.id, a.id, 'MANUAL', d.file_name, 'application/pdf', d.size, d.sha256, d.key, true,
      (SELECT u.id FROM users u JOIN roles r ON r.id = u.role_id WHERE u.is_demo AND r.name = 'Administrateur'), d.at
    FROM unnest($1::uuid[], $2::text[], $3::text[], $4::bigint[], $5::text[], $6::text[], $7::timestamptz[]) AS d(id, reference, file_name, size, sha256, key, at)
    JOIN assets a ON a.reference = d.reference`,
  [col((r) => r.id), col((r) => reference(r.m.assetIdx)), col((r) => r.m.fileName), col((r) => r.size), col((r) => r.sha256), col((r) => r.key), col((r) => r.at)])
  // The equipment the manual is about, fitted on its elevator: its maker is then a brand of
  // the fleet (a question naming it is about that maker).
  const fitted = manuals.filter((m) => m.family.componentType)
  await client.query(`
    INSERT INTO asset_components (id, asset_id, type_id, brand, model, installed_at, created_at)
    SELECT gen_random_uuid(), a.id, c.id, f.brand, f.model, a.commissioned_at, $5
    FROM unnest($1::text[], $2::text[], $3::text[], $4::text[]) AS f(reference, type, brand, model)
    JOIN assets a ON a.reference = f.reference JOIN categories c ON c.kind = 'COMPONENT_TYPE' AND c.name = f.type`,
  [fitted.map((m) => reference(m.assetIdx)), fitted.map((m) => m.family.componentType), fitted.map((m) => m.brand), fitted.map((m) => m.model), now])
  return { documents: files.length, pages: files.reduce((s, f) => s + f.pages, 0), bytes: files.reduce((s, f) => s + f.bytes.length, 0), keys: written }
}

/** An elevator's reference from its index in the fleet (scale-fleet.ts). */
export const reference = (idx: number) => `ASC-${String(idx).padStart(5, '0')}`
