// What the forms choose from: assets (any signed-in role), the active reference values of the
// report, the people that can be assigned, the sites.
import { $api } from '@/lib/api/client'

export function useAssetOptions(enabled = true) {
  return $api.useQuery('get', '/assets/options', {}, { enabled, staleTime: 5 * 60_000 })
}

/** Only active values may be chosen for a report (the API refuses inactive ones). */
export function useReportValues(enabled = true) {
  return $api.useQuery('get', '/reference-values', { params: { query: { active: true } } }, { enabled, staleTime: 5 * 60_000 })
}

/**
 * Active users, to assign. The API alone knows whose role may work on orders (the matrix is
 * editable): it refuses the others with its message.
 */
export function usePeople(enabled = true) {
  return $api.useQuery('get', '/users', {}, {
    enabled,
    staleTime: 5 * 60_000,
    select: (d) => d.users.filter((u) => u.status === 'active').sort((a, b) => a.displayName.localeCompare(b.displayName, 'fr')),
  })
}

/** Top-level sites (a zone's parentId is its site). */
export function useSites(enabled = true) {
  return $api.useQuery('get', '/locations', {}, {
    enabled,
    staleTime: 5 * 60_000,
    select: (d) => d.locations.filter((l) => l.parentId === null),
  })
}
