// The requests' calls: the paged list (Link header), create, approve, reject, and what the
// dialogs need (asset options, people who may work the order, the asset's site).
import { wroteHere } from '@/lib/alerts'
import { $api } from '@/lib/api/client'
import { useCursorList } from '@/lib/api/cursor-list'
import { useWrite } from '@/lib/api/use-write'
import type { RequestFilters } from '../lib/filters'

const PAGE_SIZE = 50

export function useRequestList(filters: RequestFilters) {
  return useCursorList('/requests', { query: { ...filters, limit: PAGE_SIZE } }, (pages) => pages.flatMap((p) => p.requests))
}

export function useCreateRequest() {
  return useWrite('post', '/requests', { meta: { fieldErrors: true }, onSuccess: (request) => { wroteHere(request.id) } })
}

export function useApproveRequest() {
  return useWrite('post', '/requests/{id}/approve', { meta: { fieldErrors: true } })
}

export function useRejectRequest() {
  return useWrite('post', '/requests/{id}/reject', { meta: { fieldErrors: true } })
}

/** Elevators the caller may name: the API already keeps them to the caller's sites. */
export function useAssetOptions(enabled = true) {
  return $api.useQuery('get', '/assets/options', {}, { enabled, staleTime: 5 * 60_000 })
}

/** Everyone, to choose assignees from: needs the right to see other people. */
export function useUsers(enabled: boolean) {
  return $api.useQuery('get', '/users', {}, { enabled, staleTime: 60_000 })
}

/** The asset's detail, for its site (the request only names the site). */
export function useAssetSite(assetId: string, enabled: boolean) {
  return $api.useQuery('get', '/assets/{id}', { params: { path: { id: assetId } } }, { enabled, staleTime: 5 * 60_000, select: (a) => a.siteId })
}

/** Top-level sites, for the list's site filter. */
export function useSites(enabled: boolean) {
  return $api.useQuery('get', '/locations', {}, {
    enabled, staleTime: 5 * 60_000,
    select: (d) => d.locations.filter((l) => l.parentId === null).map((l) => ({ value: l.id, label: l.name })),
  })
}
