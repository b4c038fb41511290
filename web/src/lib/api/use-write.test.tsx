// First: the fake API must be in place before the client is created.
import { calls, json, serve } from '@/testing/fake-api'
import { notifications } from '@mantine/notifications'
import { MutationCache, QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act, renderHook, waitFor } from '@testing-library/react'
import type { ReactNode } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { queryKeys } from './query-keys'
import { useWrite } from './use-write'
import { showWriteError } from './write-errors'
import { writeRefreshes } from './write-refreshes'

const location = { id: 'loc-1', name: 'Résidence Part-Dieu' }

function setup() {
  const queryClient = new QueryClient({
    mutationCache: new MutationCache({ onError: (error, _vars, _ctx, mutation) => showWriteError(error, mutation) }),
    defaultOptions: { queries: { retry: false } },
  })
  // One cached read of each family a location's rename may or may not touch.
  const cached = [
    queryKeys.locations.all, queryKeys.assets.lists, queryKeys.assets.details, queryKeys.partners.all, queryKeys.workOrders.lists,
  ].map((family) => [...family, { params: {} }])
  for (const key of cached) queryClient.setQueryData(key, { cached: true })
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  const stale = () => cached.filter((key) => queryClient.getQueryState(key)?.isInvalidated).map((key) => key[1])
  return { wrapper, stale }
}

beforeEach(() => serve((url, request) => (request.method === 'PATCH' && url.pathname === '/api/locations/loc-1' ? json(location) : json({}, { status: 404 }))))
afterEach(() => vi.restoreAllMocks())

describe('useWrite', () => {
  it('sends the write, then invalidates exactly the families the write map names', async () => {
    const { wrapper, stale } = setup()
    const { result } = renderHook(() => useWrite('patch', '/locations/{id}'), { wrapper })
    await act(() => result.current.mutateAsync({ params: { path: { id: 'loc-1' } }, body: { name: location.name } }))
    expect(calls).toEqual(['PATCH /api/locations/loc-1'])
    expect(stale()).toEqual(writeRefreshes['patch /locations/{id}'].map((key) => key[1]))
    expect(stale()).toEqual(['/locations', '/assets', '/assets/{id}'])
  })

  it('runs the hook’s own onSuccess with the answer before the refresh', async () => {
    const { wrapper, stale } = setup()
    const seen: unknown[] = []
    const { result } = renderHook(() => useWrite('patch', '/locations/{id}', { onSuccess: (data) => { seen.push(data, stale()) } }), { wrapper })
    await act(() => result.current.mutateAsync({ params: { path: { id: 'loc-1' } }, body: { name: location.name } }))
    expect(seen).toEqual([location, []])
  })

  it('refreshes nothing when the write fails, and shows the API’s French message', async () => {
    serve(() => json({ error: { code: 'INVALID_PARENT', message: 'Un site porte déjà ce nom.' }, requestId: 'r1' }, { status: 409 }))
    const show = vi.spyOn(notifications, 'show').mockImplementation(() => '')
    const { wrapper, stale } = setup()
    const { result } = renderHook(() => useWrite('patch', '/locations/{id}'), { wrapper })
    act(() => result.current.mutate({ params: { path: { id: 'loc-1' } }, body: { name: location.name } }))
    await waitFor(() => expect(result.current.isError).toBe(true))
    expect(stale()).toEqual([])
    expect(show).toHaveBeenCalledWith(expect.objectContaining({ color: 'red', message: 'Un site porte déjà ce nom.' }))
  })

  it('leaves field errors to the form when the write says so', async () => {
    serve(() => json({ error: { code: 'VALIDATION_ERROR', message: 'Données invalides.', details: [{ field: 'body.name', message: 'Trop long.' }] }, requestId: 'r2' }, { status: 400 }))
    const show = vi.spyOn(notifications, 'show').mockImplementation(() => '')
    const { wrapper } = setup()
    const { result } = renderHook(() => useWrite('patch', '/locations/{id}', { meta: { fieldErrors: true } }), { wrapper })
    act(() => result.current.mutate({ params: { path: { id: 'loc-1' } }, body: { name: location.name } }))
    await waitFor(() => expect(result.current.isError).toBe(true))
    expect(show).not.toHaveBeenCalled()
  })
})
