// The three public operations, through the client that never sends a session token.
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import type { Schemas } from '@/lib/api/client'
import { ApiError } from '@/lib/api/errors'
import { publicClient } from '@/lib/api/public-client'
import { queryKeys } from '@/lib/api/query-keys'

// Portal reads share a budget of 60 a minute per address: no refetch on every focus.
const READ = { staleTime: 30_000, refetchOnWindowFocus: false } as const

export function usePortalAsset(reference: string) {
  return useQuery({
    queryKey: queryKeys.portal.asset(reference),
    queryFn: async ({ signal }) => (await publicClient.GET('/portal/assets/{reference}', { params: { path: { reference } }, signal })).data!,
    ...READ,
  })
}

export function usePortalStatus(reference: string, token: string) {
  return useQuery({
    queryKey: queryKeys.portal.status(reference, token),
    queryFn: async ({ signal }) => (await publicClient.GET('/portal/requests/{reference}/{token}', { params: { path: { reference, token } }, signal })).data!,
    ...READ,
  })
}

/** Sending a report. Not a TanStack mutation: its errors (the 429 above all) are shown in the
 * form, in the API's words, not in a notification a passer-by on a phone may miss. */
export function useSendReport() {
  const [state, setState] = useState<{
    pending: boolean; error: ApiError | null; created: Schemas['PortalRequestCreated'] | null; lastBody: Schemas['PortalRequestCreate'] | null
  }>({ pending: false, error: null, created: null, lastBody: null })
  async function send(body: Schemas['PortalRequestCreate']): Promise<void> {
    setState({ pending: true, error: null, created: null, lastBody: body })
    try {
      const { data } = await publicClient.POST('/portal/requests', { body })
      setState({ pending: false, error: null, created: data!, lastBody: body })
    } catch (e) {
      setState({ pending: false, error: e instanceof ApiError ? e : new ApiError(0, null), created: null, lastBody: body })
    }
  }
  return { ...state, send }
}
