import { Badge } from '@mantine/core'
import { IconAlertOctagon } from '@tabler/icons-react'
import { priorityColor, priorityLabel, requestStatusColor, requestStatusLabel, workOrderStatusColor, workOrderStatusLabel } from '@/config/labels'
import type { Schemas } from '@/lib/api/client'

export function WorkOrderStatusBadge({ status }: { status: Schemas['WorkOrder']['status'] }) {
  return <Badge color={workOrderStatusColor[status]} variant="light">{workOrderStatusLabel[status]}</Badge>
}
export function PriorityBadge({ priority }: { priority: Schemas['WorkOrder']['priority'] }) {
  return <Badge color={priorityColor[priority]} variant="outline">{priorityLabel[priority]}</Badge>
}
export function RequestStatusBadge({ status }: { status: Schemas['RequestSummary']['status'] }) {
  return <Badge color={requestStatusColor[status]} variant="light">{requestStatusLabel[status]}</Badge>
}
/** A person is trapped in the car: shown first and loud in every list. */
export function BlockedPersonBadge() {
  return <Badge color="red" variant="filled" leftSection={<IconAlertOctagon size={14} />}>Personne bloquée</Badge>
}
