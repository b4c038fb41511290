import { Badge } from '@mantine/core'
import type { Schemas } from '@/lib/api/client'
import { userStatusColor, userStatusLabel } from '../../labels'

export function UserStatusBadge({ status }: { status: Schemas['UserAdmin']['status'] }) {
  return <Badge variant="dot" color={userStatusColor[status]}>{userStatusLabel[status]}</Badge>
}
