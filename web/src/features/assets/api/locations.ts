import { useQueryClient } from '@tanstack/react-query'
import { $api } from '@/lib/api/client'

export function useLocations(enabled = true) {
  return $api.useQuery('get', '/locations', {}, { enabled })
}

/** Active CLIENT partners (property managers) to link to a site; listPartners needs the
 * purchase-orders view right, so the form asks only when the caller has it. */
export function useClientPartners(enabled: boolean) {
  return $api.useQuery('get', '/partners', { params: { query: { kind: 'CLIENT', active: true } } }, { enabled, staleTime: 60_000 })
}

function useInvalidateLocations() {
  const queryClient = useQueryClient()
  return () => queryClient.invalidateQueries({ queryKey: ['get', '/locations'] })
}

export function useCreateLocation() {
  const invalidate = useInvalidateLocations()
  return $api.useMutation('post', '/locations', { meta: { fieldErrors: true }, onSuccess: invalidate })
}

export function useUpdateLocation() {
  const invalidate = useInvalidateLocations()
  const queryClient = useQueryClient()
  return $api.useMutation('patch', '/locations/{id}', {
    meta: { fieldErrors: true },
    // Assets show their site and zone names: a renamed location changes them too.
    onSuccess: () => Promise.all([invalidate(), queryClient.invalidateQueries({ queryKey: ['get', '/assets'] }), queryClient.invalidateQueries({ queryKey: ['get', '/assets/{id}'] })]),
  })
}
