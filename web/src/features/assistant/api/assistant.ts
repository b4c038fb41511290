// askAssistant, and the elevator a question is about (its reference for the chip). The
// answer is kept by the page (its session's history); errors are shown in place, not as a
// notification.
import { $api } from '@/lib/api/client'
import { useWrite } from '@/lib/api/use-write'

export function useAsk() {
  return useWrite('post', '/assistant/ask', { meta: { inlineError: true } })
}

export function useAskedAsset(assetId: string | null, enabled: boolean) {
  return $api.useQuery('get', '/assets/{id}', { params: { path: { id: assetId ?? '' } } }, {
    enabled: enabled && !!assetId,
    staleTime: 5 * 60_000,
  })
}
