import { FILE, needsAny, route } from '../../http/route.ts'
import { IdParams } from '../../http/schema-kit.ts'
import type { DocumentsService } from './documents.service.ts'
import {
  CONTENT_TYPES, DEFAULT_PAGE, Document, DocumentCorpusUpdate, DocumentsQuery, DocumentsResponse, DocumentUploadFields, MAX_DOCUMENT_BYTES, MAX_PAGE,
} from './documents.schemas.ts'

const TARGETS = ['ASSETS', 'WORK_ORDERS'] as const
const SCOPE = 'A document is seen by whoever sees its target: an elevator\'s with ASSETS view within the caller\'s sites, an order\'s with WORK_ORDERS view within its scope (own orders without view-other, sites); any other answers 404 like a missing one.'
const EDIT = 'Needs the edit right on the target\'s category (ASSETS for an elevator, WORK_ORDERS for an order): 403 otherwise, once the document is visible; a role with that right in neither answers 403 at once.'

// Documents belong to their target (an elevator or a work order): the route lets through a
// role with the right in either category, the service decides on the document's own target.
export const documentsRoutes = (s: DocumentsService) => [
  route({
    operationId: 'listDocuments', method: 'GET', url: '/documents', tag: 'Documents', access: needsAny([...TARGETS], 'view'),
    cacheAnswer: true,
    paginated: true,
    summary: 'Documents of the elevators and work orders the caller sees, most recent first',
    description: `Filters (AND): assetId, workOrderId, kind; a target the caller does not see gives an empty list. Keyset pagination: at most \`limit\` documents (${DEFAULT_PAGE} by default, ${MAX_PAGE} at most); when more follow, the \`Link\` header gives the next page (\`rel="next"\`). ${SCOPE}`,
    querystring: DocumentsQuery,
    success: { status: 200, schema: DocumentsResponse },
    handler: async ({ caller, query, nextPage }) => {
      const page = await s.list(caller, query)
      nextPage(page.next, page.limit)
      return { documents: page.documents }
    },
  }),
  route({
    operationId: 'uploadDocument', method: 'POST', url: '/documents', tag: 'Documents', access: needsAny([...TARGETS], 'edit'),
    summary: 'Attach a PDF, JPG or PNG file to an elevator or a work order',
    description: `multipart/form-data: the text fields (kind, default OTHER; exactly one of assetId and workOrderId; optional inCorpus "true"/"false", default on for MANUAL and WIRING_DIAGRAM) before the \`file\` part. The type is recognised from the first bytes (%PDF-, FF D8 FF, PNG signature), whatever the name or declared type: 400 DOCUMENT_TYPE_REFUSED otherwise. At most ${MAX_DOCUMENT_BYTES} bytes (exactly that passes): 400 DOCUMENT_TOO_LARGE past it. No file: 400 VALIDATION_ERROR on \`file\`; no target, or both: 400 ATTACHMENT_REQUIRED; a target unknown or outside the caller's scope: 404. The file is streamed to storage (never held in memory) and hashed on the way. A closed or cancelled order still takes documents (only its costs are locked). ${EDIT}`,
    upload: { maxBytes: MAX_DOCUMENT_BYTES, fields: DocumentUploadFields },
    success: { status: 201, schema: Document },
    errors: [403, 404],
    handler: async ({ caller, file }) => s.upload(caller, await file()),
  }),
  route({
    operationId: 'downloadDocument', method: 'GET', url: '/documents/:id/download', tag: 'Documents', access: needsAny([...TARGETS], 'view'),
    summary: 'The stored bytes, streamed as an attachment with the original name',
    description: `The storage is never exposed: the service reads and streams the file. ${SCOPE}`,
    params: IdParams,
    download: { contentTypes: [...CONTENT_TYPES], maxBytes: MAX_DOCUMENT_BYTES },
    success: { status: 200, schema: FILE },
    handler: ({ caller, params }) => s.download(caller, params.id),
  }),
  route({
    operationId: 'updateDocumentCorpus', method: 'PATCH', url: '/documents/:id/corpus', tag: 'Documents', access: needsAny([...TARGETS], 'edit'),
    summary: 'Include the document in the assistant\'s corpus, or leave it out (reversible)',
    description: `Takes effect at the next re-indexing. ${EDIT} ${SCOPE}`,
    params: IdParams,
    body: DocumentCorpusUpdate,
    success: { status: 200, schema: Document },
    handler: ({ caller, params, body }) => s.updateCorpus(caller, params.id, body),
  }),
  route({
    operationId: 'deleteDocument', method: 'DELETE', url: '/documents/:id', tag: 'Documents', access: needsAny([...TARGETS], 'edit'),
    summary: 'Delete a document and its stored file',
    description: `The row is deleted, then the file is removed from storage once that has committed (tried three times; a file the storage keeps refusing is logged, the answer is still 204). ${EDIT} ${SCOPE}`,
    params: IdParams,
    success: { status: 204, schema: null },
    handler: ({ caller, params, req }) => s.remove(caller, params.id, req.log),
  }),
]
