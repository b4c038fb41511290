import { useQueryClient } from '@tanstack/react-query'
import { $api, type Schemas } from '@/lib/api/client'

export type Document = Schemas['Document']
export type DocumentKind = Document['kind']
/** What the documents are attached to: an elevator (ASSETS rights) or a work order (WORK_ORDERS rights). */
export type DocumentTarget = { assetId: string } | { workOrderId: string }

// The section lists one page of 200 (the API's most): far beyond what one elevator holds.
export function useDocuments(target: DocumentTarget) {
  return $api.useQuery('get', '/documents', { params: { query: { ...target, limit: 200 } } })
}

/** Every list of documents is refreshed after a change (one target's list only is on screen). */
export function useRefreshDocuments() {
  const queryClient = useQueryClient()
  return () => queryClient.invalidateQueries({ queryKey: ['get', '/documents'] })
}

export function useSetCorpus() {
  const refresh = useRefreshDocuments()
  return $api.useMutation('patch', '/documents/{id}/corpus', { onSuccess: refresh })
}

export function useDeleteDocument() {
  const refresh = useRefreshDocuments()
  return $api.useMutation('delete', '/documents/{id}', { onSuccess: refresh })
}
