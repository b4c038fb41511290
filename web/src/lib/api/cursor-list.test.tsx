// First: the fake API must be in place before the client is created.
import { calls, json, serve } from '@/testing/fake-api'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act, renderHook, waitFor } from '@testing-library/react'
import type { ReactNode } from 'react'
import { beforeEach, describe, expect, it } from 'vitest'
import { useAllPages, useCursorList, useFirstPage } from './cursor-list'
import { queryKeys } from './query-keys'

// Three orders on pages of two: the first page announces the next one in its Link header, the
// last announces none.
const order = (n: number) => ({ id: `wo-${n}`, reference: `OT-${n}` })
beforeEach(() => serve((url) => {
  const cursor = url.searchParams.get('cursor')
  if (url.pathname !== '/api/work-orders') return json({}, { status: 404 })
  if (cursor === null) return json({ workOrders: [order(1), order(2)] }, { headers: { link: '</api/work-orders?cursor=c2&limit=2>; rel="next"' } })
  if (cursor === 'c2') return json({ workOrders: [order(3)] })
  return json({}, { status: 400 })
}))

function wrapper() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  return { queryClient, wrapper: ({ children }: { children: ReactNode }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider> }
}
const references = (orders: { reference: string }[] | undefined) => orders?.map((o) => o.reference)

describe('useCursorList', () => {
  it('follows the Link header to the next page, then stops on the page that announces none', async () => {
    const { wrapper: w } = wrapper()
    const { result } = renderHook(() => useCursorList('/work-orders', { query: { limit: 2 } }, (pages) => pages.flatMap((p) => p.workOrders)), { wrapper: w })
    await waitFor(() => expect(references(result.current.data)).toEqual(['OT-1', 'OT-2']))
    expect(result.current.hasNextPage).toBe(true)
    await act(() => result.current.fetchNextPage())
    await waitFor(() => expect(references(result.current.data)).toEqual(['OT-1', 'OT-2', 'OT-3']))
    expect(result.current.hasNextPage).toBe(false)
    expect(calls).toEqual(['GET /api/work-orders?limit=2', 'GET /api/work-orders?limit=2&cursor=c2'])
  })

  it('keeps its pages under the family its writes refresh', async () => {
    const { queryClient, wrapper: w } = wrapper()
    const { result } = renderHook(() => useCursorList('/work-orders', { query: { limit: 2 } }, (pages) => pages.length), { wrapper: w })
    await waitFor(() => expect(result.current.data).toBe(1))
    expect(queryClient.getQueryCache().findAll({ queryKey: queryKeys.workOrders.lists }).map((q) => q.queryKey))
      .toEqual([queryKeys.cursorPages('/work-orders', { query: { limit: 2 } })])
  })
})

describe('useFirstPage and useAllPages', () => {
  it('says whether more follow the first page, without reading them', async () => {
    const { wrapper: w } = wrapper()
    const { result } = renderHook(() => useFirstPage('/work-orders', { query: { limit: 2 } }, (a) => a.workOrders), { wrapper: w })
    await waitFor(() => expect(result.current.data?.hasMore).toBe(true))
    expect(references(result.current.data?.items)).toEqual(['OT-1', 'OT-2'])
    expect(calls).toHaveLength(1)
  })

  it('reads every page to the last, or stops at the cap', async () => {
    const { wrapper: w } = wrapper()
    const all = renderHook(() => useAllPages('/work-orders', { query: { limit: 2 } }, (a) => a.workOrders, 10), { wrapper: w })
    await waitFor(() => expect(references(all.result.current.data)).toEqual(['OT-1', 'OT-2', 'OT-3']))
    serve(() => json({ workOrders: [order(1), order(2)] }, { headers: { link: '</api/work-orders?cursor=again>; rel="next"' } }))
    const capped = renderHook(() => useAllPages('/work-orders', { query: { limit: 2, status: 'OPEN' } }, (a) => a.workOrders, 3), { wrapper: w })
    await waitFor(() => expect(capped.result.current.data).toHaveLength(3))
    expect(calls).toHaveLength(2)
  })
})
