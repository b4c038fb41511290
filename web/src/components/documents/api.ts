import type { Schemas } from '@/lib/api/client'
import { useCursorList } from '@/lib/api/cursor-list'
import { useWrite } from '@/lib/api/use-write'

export type Document = Schemas['Document']
export type DocumentKind = Document['kind']
/** What the documents are attached to: an elevator (ASSETS rights) or a work order (WORK_ORDERS rights). */
export type DocumentTarget = { assetId: string } | { workOrderId: string }

const PAGE_SIZE = 50

/** A target's documents, most recent first, page after page (the API's Link header). */
export function useDocuments(target: DocumentTarget) {
  return useCursorList('/documents', { query: { ...target, limit: PAGE_SIZE } }, (pages) => pages.flatMap((p) => p.documents))
}

export function useSetCorpus() {
  return useWrite('patch', '/documents/{id}/corpus')
}

export function useDeleteDocument() {
  return useWrite('delete', '/documents/{id}')
}
