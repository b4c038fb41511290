import { Badge } from '@mantine/core'

/** The "dot" variant keeps dark text: light green or grey badges fall under 4.5:1 contrast. */
export function ActiveBadge({ active, feminine }: { active: boolean; feminine?: boolean }) {
  const label = active ? (feminine ? 'Active' : 'Actif') : (feminine ? 'Inactive' : 'Inactif')
  return <Badge variant="dot" color={active ? 'green' : 'gray'}>{label}</Badge>
}
