import type { Transform } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { setTimeout as sleep } from 'node:timers/promises'
import type { FastifyBaseLogger } from 'fastify'
import { uuidv7 } from 'uuidv7'
import { AppError, badRequest, forbidden, notFound } from '../../http/errors.ts'
import { decodeCursor, isMatching, isUuid, pageOf } from '../../http/pagination.ts'
import { readableScope, type Caller } from '../../http/caller.ts'
import type { Action, Category } from '../../http/permissions.ts'
import type { Download, Upload } from '../../http/route.ts'
import type { Static } from '../../http/schema-kit.ts'
import { validatorCompiler } from '../../http/validation.ts'
import type { Db } from '../../platform/db.ts'
import type { Platform } from '../module.ts'
import { checkFileName, intake, tooLarge } from './documents.intake.ts'
import * as q from './documents.queries.ts'
import { safeFileName } from '../../lib/file-names.ts'
import { DEFAULT_PAGE, DocumentUploadFields, MAX_FILE_NAME, type DocumentCorpusUpdate, type DocumentKindValue, type DocumentsQuery } from './documents.schemas.ts'
import { sweepOrphanFiles } from './documents.orphans.ts'
import { FileRemovals } from './documents.file-removals.ts'

const notFoundDocument = () => notFound('Document introuvable.')
const notFoundTarget = (target: q.Target) => notFound(target.kind === 'asset' ? 'Équipement introuvable.' : 'Ordre de travail introuvable.')
const attachmentMissing = () => badRequest('ATTACHMENT_REQUIRED', undefined, [{ field: 'assetId', message: 'un équipement ou un ordre de travail, pas les deux' }])
const mayNotEdit = (target: q.Target) =>
  forbidden(target.kind === 'asset' ? 'Votre rôle ne permet pas de modifier les documents des équipements.' : 'Votre rôle ne permet pas de modifier les documents des ordres de travail.')

const DOCUMENT_KEY = [isMatching(q.SORT_AT_PATTERN), isUuid] as const

/** The pauses before the second and third attempts at removing the file of a deleted document. */
export const FILE_DELETE_RETRY_MS = [100, 500]

/** Corpus default (the assistant reads manuals and wiring diagrams), unless the upload says. */
export const corpusByDefault = (kind: DocumentKindValue) => kind === 'MANUAL' || kind === 'WIRING_DIAGRAM'

const checkFields = validatorCompiler({ schema: DocumentUploadFields, httpPart: 'querystring', method: 'POST', url: '/documents' } as never) as
  (data: unknown) => { value?: unknown; error?: Error }

type Deps = Pick<Platform, 'database' | 'clock' | 'storage'>

const categoryOf = (target: q.Target): Category => (target.kind === 'asset' ? 'ASSETS' : 'WORK_ORDERS')
const targetOf = (row: { assetId: string | null; workOrderId: string | null }): q.Target =>
  row.assetId ? { kind: 'asset', id: row.assetId } : { kind: 'workOrder', id: row.workOrderId! }

export class DocumentsService {
  readonly #deps: Deps
  /** Files whose removal the storage refused, tried again in the background (the module's start). */
  readonly removals: FileRemovals
  constructor(deps: Deps) {
    this.#deps = deps
    this.removals = new FileRemovals(deps.storage)
  }

  get #db() { return this.#deps.database.db }

  /** Removes stored files that no document names, once old enough (documents.orphans.ts). */
  sweepOrphanFiles(log?: FastifyBaseLogger): Promise<number> {
    return sweepOrphanFiles({ db: this.#db, storage: this.#deps.storage, clock: this.#deps.clock, log })
  }

  /** The caller's scope in ASSETS and WORK_ORDERS for `action` (null where the role lacks it). */
  #visibility(caller: Caller, action: Action = 'view'): q.Visibility {
    const of = (c: Category) => (caller.may(c, action) ? readableScope(caller, c) : null)
    return { assets: of('ASSETS'), workOrders: of('WORK_ORDERS') }
  }

  /** Visible documents (those of the elevators and orders the caller may see), most recent first. */
  async list(caller: Caller, query: Static<typeof DocumentsQuery>) {
    const { cursor, limit = DEFAULT_PAGE, ...filter } = query
    const after = cursor === undefined ? undefined : decodeCursor(cursor, DOCUMENT_KEY) as [string, string]
    const rows = await q.listDocuments(this.#db, this.#visibility(caller), filter, { limit, after })
    const { items, next } = pageOf(rows, limit, (r) => [r.sortAt, r.item.id])
    return { documents: items.map((r) => r.item), next, limit }
  }

  /**
   * Streams the file to storage while its type is recognised from its first bytes and its
   * SHA-256 computed, then records it in one transaction; any failure after the file was
   * stored removes it, so neither an orphan file nor a row is left.
   */
  async upload(caller: Caller, upload: Upload) {
    let key: string | undefined
    try {
      const fields = this.#fields(upload.fields)
      const target: q.Target | undefined = fields.assetId && !fields.workOrderId ? { kind: 'asset', id: fields.assetId }
        : fields.workOrderId && !fields.assetId ? { kind: 'workOrder', id: fields.workOrderId } : undefined
      if (!target) throw attachmentMissing()
      const scope = (this.#visibility(caller, 'edit'))[target.kind === 'asset' ? 'assets' : 'workOrders']
      if (!scope) throw mayNotEdit(target)
      if (!(await q.targetInScope(this.#db, target, scope))) throw notFoundTarget(target)
      const fileName = checkFileName(upload.fileName)

      const id = uuidv7()
      key = `documents/${id}`
      const file = intake()
      await this.#deps.storage.put(key, streamThrough(upload, file.stream), 'application/octet-stream').catch((err) => {
        if (err instanceof AppError && err.status === 413) throw tooLarge()
        throw err
      })
      const { contentType, sizeBytes, sha256 } = file.result()
      const kind = fields.kind ?? 'OTHER'
      await this.#db.transaction(async (tx) => {
        // Under a key-share lock: the order cannot leave the caller's scope before commit.
        if (!(await q.targetInScope(tx, target, scope))) throw notFoundTarget(target)
        await q.insertDocument(tx, {
          id,
          assetId: target.kind === 'asset' ? target.id : null,
          workOrderId: target.kind === 'workOrder' ? target.id : null,
          kind,
          // Offered as it will be downloaded: the listing shows what a person's computer will do.
          fileName: safeFileName(fileName, contentType, MAX_FILE_NAME),
          contentType,
          sizeBytes,
          sha256,
          storageKey: key!,
          inCorpus: fields.inCorpus === undefined ? corpusByDefault(kind) : fields.inCorpus === 'true',
          uploadedBy: caller.principal.id,
          createdAt: this.#deps.clock.now(),
        })
      })
      key = undefined
      // Seen through the scope that let the caller attach it.
      return (await q.documentById(this.#db, id, target.kind === 'asset' ? { assets: scope, workOrders: null } : { assets: null, workOrders: scope }))!
    } catch (err) {
      // Refused before or while streaming: the rest of the body is read and dropped, so that
      // the answer is not cut short; after storing: the file goes too.
      upload.stream.resume()
      if (key) await this.removals.remove(key)
      throw err
    }
  }

  async download(caller: Caller, id: string): Promise<Download> {
    const row = await q.fileOf(this.#db, id, this.#visibility(caller))
    if (!row) throw notFoundDocument()
    const stream = await this.#deps.storage.get(row.storageKey).catch(() => { throw notFound('Fichier introuvable dans le stockage.') })
    return { stream, contentType: row.contentType, fileName: row.fileName, size: row.sizeBytes }
  }

  async updateCorpus(caller: Caller, id: string, input: Static<typeof DocumentCorpusUpdate>) {
    const visibility = this.#visibility(caller)
    await this.#db.transaction(async (tx) => {
      const row = await this.#lockEditable(tx, caller, id, visibility)
      await q.setInCorpus(tx, row.id, input.inCorpus)
    })
    return (await q.documentById(this.#db, id, visibility))!
  }

  /**
   * Deletes the row, then (once that has committed) the stored file. The document is gone
   * whatever the storage says: a failing removal is tried again twice, then logged with its key
   * and left to the background retries (documents.file-removals.ts).
   */
  async remove(caller: Caller, id: string, log: Pick<FastifyBaseLogger, 'warn'>): Promise<void> {
    const visibility = this.#visibility(caller)
    const key = await this.#db.transaction(async (tx) => {
      const row = await this.#lockEditable(tx, caller, id, visibility)
      await q.deleteDocumentRow(tx, row.id)
      return row.storageKey
    })
    for (let attempt = 0; ; attempt++) {
      try {
        await this.#deps.storage.delete(key)
        return
      } catch (err) {
        if (attempt === FILE_DELETE_RETRY_MS.length) {
          // The error through the log's serializer (no request data); the key is no secret.
          log.warn({ err, documentId: id, storageKey: key }, 'document deleted, its stored file could not be removed yet: tried again in the background')
          this.removals.later(key)
          return
        }
        await sleep(FILE_DELETE_RETRY_MS[attempt])
      }
    }
  }

  /** The visible document, locked; 404 when hidden, 403 when its target may not be edited. */
  async #lockEditable(tx: Db, caller: Caller, id: string, visibility: q.Visibility) {
    const row = await q.lockDocument(tx, id, visibility)
    if (!row) throw notFoundDocument()
    const target = targetOf(row)
    if (!caller.may(categoryOf(target), 'edit')) throw mayNotEdit(target)
    return row
  }

  #fields(raw: Record<string, string>): Static<typeof DocumentUploadFields> {
    const out = checkFields({ ...raw })
    if (out.error) throw Object.assign(out.error, { validationContext: 'body' })
    return out.value as Static<typeof DocumentUploadFields>
  }
}

/** The upload's stream through the intake (type, hash, size), as one stream for storage. */
function streamThrough(upload: Upload, through: Transform): Transform {
  pipeline(upload.stream, through).catch(() => {})
  return through
}
