import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query'
import { $api, client, type Schemas } from '@/lib/api/client'
import { nextCursor } from '@/lib/api/paging'

export type Document = Schemas['Document']
export type DocumentKind = Document['kind']
/** What the documents are attached to: an elevator (ASSETS rights) or a work order (WORK_ORDERS rights). */
export type DocumentTarget = { assetId: string } | { workOrderId: string }

const PAGE_SIZE = 50

/** A target's documents, most recent first, page after page (the API's Link header). */
export function useDocuments(target: DocumentTarget) {
  return useInfiniteQuery({
    // Under ['get', '/documents'], so that useRefreshDocuments reaches it.
    queryKey: ['get', '/documents', { params: { query: target } }, 'pages'],
    initialPageParam: undefined as string | undefined,
    queryFn: async ({ pageParam, signal }) => {
      const { data, response } = await client.GET('/documents', { params: { query: { ...target, limit: PAGE_SIZE, cursor: pageParam } }, signal })
      return { documents: data?.documents ?? [], next: nextCursor(response) ?? undefined }
    },
    getNextPageParam: (last) => last.next,
  })
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
