import { Badge } from '@mantine/core'

export function ActiveBadge({ active, feminine }: { active: boolean; feminine?: boolean }) {
  const e = feminine ? 'e' : ''
  return <Badge variant="light" color={active ? 'green' : 'gray'}>{active ? `Actif${e}` : `Inactif${e}`}</Badge>
}
