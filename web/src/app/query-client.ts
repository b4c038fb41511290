import { MutationCache, onlineManager, QueryClient } from '@tanstack/react-query'
import { ApiError } from '@/lib/api/errors'
import { showWriteError } from '@/lib/api/write-errors'

// TanStack Query assumes the network until an `offline` event: a page opened without any (the
// technician's basement, the app from the service worker) would try its reads, fail and show
// « Chargement impossible » over what the phone kept. It starts from what the browser knows.
if (typeof navigator !== 'undefined') onlineManager.setOnline(navigator.onLine)

// Every failed mutation shows the API's French message as lib/api/write-errors.ts says.
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 15_000,
      retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 2,
      refetchOnWindowFocus: true,
    },
  },
  mutationCache: new MutationCache({ onError: (error, _vars, _ctx, mutation) => showWriteError(error, mutation) }),
})
