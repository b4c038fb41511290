import { useQueryClient } from '@tanstack/react-query'
import { $api } from '@/lib/api/client'

export function useTaskTemplates() {
  return $api.useQuery('get', '/preventive/templates', {})
}

export function usePreventiveStatus() {
  return $api.useQuery('get', '/preventive/status', {})
}

function useInvalidateTemplates() {
  const queryClient = useQueryClient()
  return () => queryClient.invalidateQueries({ queryKey: ['get', '/preventive/templates'] })
}

export function useCreateTaskTemplate() {
  const invalidate = useInvalidateTemplates()
  return $api.useMutation('post', '/preventive/templates', { meta: { fieldErrors: true }, onSuccess: invalidate })
}

export function useUpdateTaskTemplate() {
  const invalidate = useInvalidateTemplates()
  return $api.useMutation('patch', '/preventive/templates/{id}', { meta: { fieldErrors: true }, onSuccess: invalidate })
}

/** New grids are new work orders: the status counts and the order lists are stale after it. */
export function useGeneratePreventive() {
  const queryClient = useQueryClient()
  return $api.useMutation('post', '/preventive/generate', {
    onSuccess: () => Promise.all([
      queryClient.invalidateQueries({ queryKey: ['get', '/preventive/status'] }),
      queryClient.invalidateQueries({ queryKey: ['get', '/work-orders'] }),
    ]),
  })
}
