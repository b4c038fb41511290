// Sites and their zones (listLocations, createLocation, updateLocation), for the sites page
// of the assets and for Administration › Lieux alike.
import { $api } from '@/lib/api/client'
import { useWrite } from '@/lib/api/use-write'

export function useLocations(enabled = true) {
  return $api.useQuery('get', '/locations', {}, { enabled })
}

/** Active CLIENT partners (property managers) to link to a site; listPartners needs the
 * purchase-orders view right, so the form asks only when the caller has it. */
export function useClientPartners(enabled: boolean) {
  return $api.useQuery('get', '/partners', { params: { query: { kind: 'CLIENT', active: true } } }, { enabled, staleTime: 60_000 })
}

export function useCreateLocation() {
  return useWrite('post', '/locations', { meta: { fieldErrors: true } })
}

export function useUpdateLocation() {
  return useWrite('patch', '/locations/{id}', { meta: { fieldErrors: true } })
}
