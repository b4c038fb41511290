import { notifications } from '@mantine/notifications'
import { MutationCache, QueryClient } from '@tanstack/react-query'
import { ApiError, errorMessage } from '@/lib/api/errors'

// Every failed mutation shows the API's French message, unless the form shows it on its
// fields (meta.fieldErrors) — then only errors that name no field reach the notification —
// or the screen shows every error itself, in place (meta.inlineError).
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 15_000,
      retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 2,
      refetchOnWindowFocus: true,
    },
  },
  mutationCache: new MutationCache({
    onError(error, _vars, _ctx, mutation) {
      if (error instanceof ApiError && error.status === 401) return
      if (mutation.meta?.inlineError) return
      if (mutation.meta?.fieldErrors && error instanceof ApiError && error.details.length > 0) return
      notifications.show({ color: 'red', title: 'Action impossible', message: errorMessage(error) })
    },
  }),
})

declare module '@tanstack/react-query' {
  interface Register {
    mutationMeta: { fieldErrors?: boolean; inlineError?: boolean }
  }
}
