// French labels of the requests' own enums (states and priorities are shared in config/labels).
import type { Schemas } from '@/lib/api/client'

export const sourceLabel: Record<Schemas['RequestSummary']['source'], string> = {
  APP: 'Application', PORTAL: 'Portail',
}
