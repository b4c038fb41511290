// reindexAssistant: synchronous, it may take minutes. Its runs are read from the mutation
// cache (useMutationState), so that leaving the page and coming back shows the run still
// going, or its result.
import { useMutationState } from '@tanstack/react-query'
import type { Schemas } from '@/lib/api/client'
import { useWrite, writeKey } from '@/lib/api/use-write'

export function useReindex() {
  return useWrite('post', '/assistant/reindex', { meta: { inlineError: true } })
}

export interface ReindexRun {
  status: 'idle' | 'pending' | 'success' | 'error'
  submittedAt: number
  data: Schemas['ReindexResult'] | undefined
  error: unknown
}

/** The latest run of this session, whichever screen started it. */
export function useLatestReindex(): ReindexRun | undefined {
  const runs = useMutationState({
    filters: { mutationKey: [...writeKey('post', '/assistant/reindex')] },
    select: (m): ReindexRun => ({
      status: m.state.status, submittedAt: m.state.submittedAt,
      data: m.state.data as Schemas['ReindexResult'] | undefined, error: m.state.error,
    }),
  })
  return runs.at(-1)
}
