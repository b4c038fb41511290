import { pageParams } from '../../http/pagination.ts'
import { Body, DateTime, Int, List, named, Nullable, Out, StringEnum, Text, Type, Uuid } from '../../http/schema-kit.ts'

export const DOCUMENT_KINDS = ['MANUAL', 'WIRING_DIAGRAM', 'PHOTO', 'REPORT', 'CERTIFICATE', 'OTHER'] as const
export type DocumentKindValue = (typeof DOCUMENT_KINDS)[number]
export const DocumentKind = StringEnum(DOCUMENT_KINDS, { description: 'MANUAL (notice), WIRING_DIAGRAM (schéma), PHOTO, REPORT (rapport), CERTIFICATE (certificat, attestation), OTHER.' })

export const CONTENT_TYPES = ['application/pdf', 'image/jpeg', 'image/png'] as const
export type ContentTypeValue = (typeof CONTENT_TYPES)[number]

/** 20 MB (spec): exactly this many bytes pass, one more is refused. */
export const MAX_DOCUMENT_BYTES = 20 * 1024 * 1024
export const MAX_FILE_NAME = 255

export const DEFAULT_PAGE = 50
export const MAX_PAGE = 200

export const Document = named('Document', Out({
  id: Uuid(),
  assetId: Nullable(Uuid(), { description: 'The elevator it is attached to; null when attached to a work order.' }),
  workOrderId: Nullable(Uuid(), { description: 'The work order it is attached to; null when attached to an elevator.' }),
  kind: DocumentKind,
  fileName: Text(MAX_FILE_NAME, { pattern: '^[^/\\\\]+$', description: 'The name the file was uploaded with (its base name: no path separator), made safe: invisible and bidirectional characters removed, characters a Windows name refuses replaced with `_`, and ending with the extension of the type recognised from the bytes (`.pdf`, `.jpg` or `.jpeg`, `.png`; another extension is replaced). Offered under that name at download.' }),
  contentType: StringEnum(CONTENT_TYPES, { description: 'Recognised from the first bytes of the file, never from its name or declared type.' }),
  sizeBytes: Int(1, MAX_DOCUMENT_BYTES),
  sha256: Text(64, { pattern: '^[0-9a-f]{64}$', description: 'SHA-256 of the stored bytes, lowercase hex.' }),
  inCorpus: Type.Boolean({ description: 'Whether the assistant may read it (at the next re-indexing).' }),
  uploadedBy: Nullable(Out({ id: Uuid(), displayName: Text(120, { pattern: '\\S' }) })),
  createdAt: DateTime(),
}))

export const DocumentsResponse = named('DocumentsResponse', Out({
  documents: List(Document, MAX_PAGE, { description: 'Most recent first.' }),
}))

export const DocumentsQuery = Type.Object({
  assetId: Type.Optional(Uuid()),
  workOrderId: Type.Optional(Uuid()),
  kind: Type.Optional(DocumentKind),
  ...pageParams(DEFAULT_PAGE, MAX_PAGE),
}, { additionalProperties: false })

export const DocumentCorpusUpdate = named('DocumentCorpusUpdate', Body({
  inCorpus: Type.Boolean({ description: 'true: the assistant may read it; false: left out at the next re-indexing.' }),
}))

/** The text parts of the upload, sent before the file part (multipart values are text). */
export const DocumentUploadFields = Type.Object({
  kind: Type.Optional(DocumentKind),
  assetId: Type.Optional(Uuid({ description: 'The elevator to attach to (exactly one of assetId and workOrderId).' })),
  workOrderId: Type.Optional(Uuid({ description: 'The work order to attach to (exactly one of assetId and workOrderId).' })),
  inCorpus: Type.Optional(StringEnum(['true', 'false'] as const, { description: 'Overrides the default: on for MANUAL and WIRING_DIAGRAM, off otherwise.' })),
}, { additionalProperties: false })
