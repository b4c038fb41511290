// The listings' hooks on paging.ts: « Charger plus » over the Link header's next pages, a
// first page with whether more follow (the dashboard's « 50+ »), every page as one list. Their keys (query-keys.ts)
// start with the address's family, so the writes that refresh the family refresh them too.
import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query'
import { fetchAllPages, fetchPage, type Answer, type CursorPath, type Page } from './paging'
import { liveRefresh } from './live'
import { queryKeys, type ReadParams } from './query-keys'

export interface CursorListOptions {
  enabled?: boolean
  /** A new filter keeps the current rows on screen until its first page arrives. */
  keepPrevious?: boolean
  /** Read again every 30 s while the tab is visible (live.ts). */
  live?: boolean
}

/**
 * The pages of `path` read one after the other: `fetchNextPage` follows the last page's Link
 * header, `hasNextPage` is false on the page that announces none. `read` turns the answers read
 * so far into what the screen shows (usually their items, one after the other).
 */
export function useCursorList<P extends CursorPath, R>(path: P, params: ReadParams<P>, read: (answers: Answer<P>[]) => R,
  { enabled = true, keepPrevious = false, live = false }: CursorListOptions = {}) {
  return useInfiniteQuery({
    ...(live ? liveRefresh() : {}),
    queryKey: queryKeys.cursorPages(path, params),
    enabled,
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam, signal }): Promise<Page<P>> => fetchPage(path, params, pageParam, signal),
    getNextPageParam: (last) => last.next,
    select: (data) => read(data.pages.map((p) => p.answer)),
    placeholderData: keepPrevious ? keepPreviousData : undefined,
  })
}

/** A listing's first page, and whether the API announced another. */
export interface FirstPage<T> { items: T[]; hasMore: boolean }

export function useFirstPage<P extends CursorPath, T>(path: P, params: ReadParams<P>, items: (answer: Answer<P>) => T[], enabled = true,
  { live = false }: { live?: boolean } = {}) {
  return useQuery({
    ...(live ? liveRefresh() : {}),
    queryKey: queryKeys.firstPage(path, params),
    enabled,
    queryFn: async ({ signal }): Promise<FirstPage<T>> => {
      const page = await fetchPage(path, params, undefined, signal)
      return { items: items(page.answer), hasMore: page.next !== undefined }
    },
  })
}

/** Every item of `path`, the pages read one after the other up to `max` items (a label sheet). */
export function useAllPages<P extends CursorPath, T>(path: P, params: ReadParams<P>, items: (answer: Answer<P>) => T[], max: number, enabled = true) {
  return useQuery({
    queryKey: queryKeys.allPages(path, params),
    enabled,
    queryFn: ({ signal }) => fetchAllPages(path, params, items, max, signal),
  })
}
