// How a failed write is shown: the API's French message in a notification, unless the form
// shows it on its fields (meta.fieldErrors) — then only errors that name no field reach the
// notification — or the screen shows every error itself, in place (meta.inlineError). The
// query client calls it for every mutation (app/query-client.ts).
import { notifications } from '@mantine/notifications'
import type { Mutation } from '@tanstack/react-query'
import { ApiError, errorMessage } from './errors'
import type { QueueSpec } from './outbox'

export function showWriteError(error: unknown, mutation: Pick<Mutation<unknown, unknown, unknown, unknown>, 'meta'>): void {
  if (error instanceof ApiError && error.status === 401) return
  if (mutation.meta?.inlineError) return
  if (mutation.meta?.fieldErrors && error instanceof ApiError && error.details.length > 0) return
  notifications.show({ color: 'red', title: 'Action impossible', message: errorMessage(error) })
}

declare module '@tanstack/react-query' {
  interface Register {
    mutationMeta: { fieldErrors?: boolean; inlineError?: boolean; queue?: QueueSpec }
  }
}
