import { Badge } from '@mantine/core'
import type { Schemas } from '@/lib/api/client'
import { userStatusColor, userStatusLabel } from '../../labels'

export function UserStatusBadge({ status }: { status: Schemas['UserAdmin']['status'] }) {
  return <Badge variant="light" color={userStatusColor[status]}>{userStatusLabel[status]}</Badge>
}
