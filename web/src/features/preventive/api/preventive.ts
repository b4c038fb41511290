import { $api } from '@/lib/api/client'
import { useWrite } from '@/lib/api/use-write'

export function useTaskTemplates() {
  return $api.useQuery('get', '/preventive/templates', {})
}

export function usePreventiveStatus() {
  return $api.useQuery('get', '/preventive/status', {})
}

export function useCreateTaskTemplate() {
  return useWrite('post', '/preventive/templates', { meta: { fieldErrors: true } })
}

export function useUpdateTaskTemplate() {
  return useWrite('patch', '/preventive/templates/{id}', { meta: { fieldErrors: true } })
}

/** New grids are new work orders: the status counts and the order lists are refreshed. */
export function useGeneratePreventive() {
  return useWrite('post', '/preventive/generate')
}
