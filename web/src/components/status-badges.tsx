import { Badge } from '@mantine/core'
import { IconAlertOctagon } from '@tabler/icons-react'
import { assetStatusColor, assetStatusLabel, priorityColor, priorityLabel, requestStatusColor, requestStatusLabel, visitStateColor, visitStateLabel, workOrderStatusColor, workOrderStatusLabel, type VisitState } from '@/config/labels'
import type { Schemas } from '@/lib/api/client'

// Light and outline badges write in their colour's shade: orange, yellow and green ones read
// under 4.5:1 (axe color-contrast), so those write in near-black on their tint instead.
const READABLE = new Set(['blue', 'red', 'gray', 'grape', 'indigo', 'violet', 'cyan', 'teal'])
const ink = (color: string) => (READABLE.has(color) ? `${color}.9` : 'gray.9')

export function WorkOrderStatusBadge({ status }: { status: Schemas['WorkOrder']['status'] }) {
  return <Badge color={workOrderStatusColor[status]} c={ink(workOrderStatusColor[status])} variant="light">{workOrderStatusLabel[status]}</Badge>
}
export function AssetStatusBadge({ status }: { status: Schemas['Asset']['status'] }) {
  return <Badge color={assetStatusColor[status]} c={ink(assetStatusColor[status])} variant="light" miw="max-content">{assetStatusLabel[status]}</Badge>
}
export function PriorityBadge({ priority }: { priority: Schemas['WorkOrder']['priority'] }) {
  return <Badge color={priorityColor[priority]} c={ink(priorityColor[priority])} variant="outline">{priorityLabel[priority]}</Badge>
}
export function RequestStatusBadge({ status }: { status: Schemas['RequestSummary']['status'] }) {
  return <Badge color={requestStatusColor[status]} c={ink(requestStatusColor[status])} variant="light">{requestStatusLabel[status]}</Badge>
}
/** A person is trapped in the car: shown first and loud in every list. */
export function BlockedPersonBadge() {
  return <Badge color="red" variant="filled" leftSection={<IconAlertOctagon size={14} />}>Personne bloquée</Badge>
}
/** The six-week visit state: « À jour », « Bientôt dû », « En retard » (filled when late, to stand out). */
export function VisitStateBadge({ state, size = 'md' }: { state: VisitState; size?: 'md' | 'lg' }) {
  const late = state === 'OVERDUE'
  return <Badge size={size} color={visitStateColor[state]} c={late ? 'white' : ink(visitStateColor[state])} variant={late ? 'filled' : 'light'} miw="max-content">{visitStateLabel[state]}</Badge>
}
