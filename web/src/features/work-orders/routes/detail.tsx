import { Anchor, Badge, Grid, Group, Stack, Text, Title } from '@mantine/core'
import { useMediaQuery } from '@mantine/hooks'
import { IconArrowLeft } from '@tabler/icons-react'
import { Link, useLocation, useParams } from 'react-router'
import { DocumentsSection } from '@/components/documents/documents-section'
import { EmptyState } from '@/components/empty-state'
import { QueryState } from '@/components/query-state'
import { BlockedPersonBadge, PriorityBadge, WorkOrderStatusBadge } from '@/components/status-badges'
import { workOrderTypeLabel } from '@/config/labels'
import { paths } from '@/config/paths'
import type { Schemas } from '@/lib/api/client'
import { isNotFound } from '@/lib/api/errors'
import { useMe } from '@/lib/auth/use-me'
import { useWorkOrder } from '../api/work-orders'
import { ActivitySection } from '../components/activity-section'
import { BreakdownTimesSection } from '../components/breakdown-times-section'
import { AssigneesSection } from '../components/assignees-section'
import { ChecklistSection } from '../components/checklist-section'
import { CommentsSection } from '../components/comments-section'
import { CostsSection } from '../components/costs-section'
import { OrderFacts } from '../components/order-facts'
import { PendingChanges } from '../components/pending-changes'
import { ReportSection } from '../components/report-section'
import { StatusActions } from '../components/status-actions'
import { abilitiesOf } from '../lib/abilities'

export function Component() {
  const { id = '' } = useParams()
  const location = useLocation()
  const listSearch = (location.state as { listSearch?: string } | null)?.listSearch
  const order = useWorkOrder(id)
  return (
    <Stack gap="md" maw={1200}>
      <Anchor component={Link} to={listSearch ? `${paths.workOrders}?${listSearch}` : paths.workOrders} size="sm" c="blue.9">
        <Group gap={4} component="span"><IconArrowLeft size={16} aria-hidden />Ordres de travail</Group>
      </Anchor>
      {isNotFound(order.error) ? (
        <EmptyState title="Ordre introuvable">Cet ordre de travail n’existe pas, ou vous n’y avez pas accès.</EmptyState>
      ) : (
        <QueryState query={order}>{(detail) => <Detail order={detail} />}</QueryState>
      )}
    </Stack>
  )
}

function Detail({ order }: { order: Schemas['WorkOrderDetail'] }) {
  const { can } = useMe()
  const phone = useMediaQuery('(max-width: 48em)') ?? false
  const may = abilitiesOf(order, can)
  return (
    <>
      <Stack gap={6}>
        <Group justify="space-between" align="center" gap="xs">
          <Title order={1} fz={{ base: 24, sm: 28 }}>{order.reference}</Title>
          <WorkOrderStatusBadge status={order.status} />
        </Group>
        <Text fw={600}>{order.asset.reference} · {order.asset.siteName}</Text>
        <Group gap={6}>
          {order.personBlocked && <BlockedPersonBadge />}
          <PriorityBadge priority={order.priority} />
          <Badge variant="default">{workOrderTypeLabel[order.type]}</Badge>
        </Group>
        {order.description && <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{order.description}</Text>}
      </Stack>
      <PendingChanges orderId={order.id} />
      <StatusActions order={order} moves={may.moves} blockers={may.closureBlockers} phone={phone} />
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Stack gap="md">
            {order.type === 'CORRECTIVE' && <BreakdownTimesSection order={order} />}
            <ChecklistSection orderId={order.id} items={order.checklist} editable={may.editChecklist} />
            <ReportSection orderId={order.id} report={order.report} description={order.description} editable={may.editReport} />
            {/* The parts used and the time spent belong to the work itself, next to its report. */}
            <CostsSection costs={order.costs} orderId={order.id} assignees={order.assignees} editable={may.enterCosts} forOthers={may.logTimeForOthers} />
            <DocumentsSection target={{ workOrderId: order.id }} canEdit={may.manageDocuments} />
            <CommentsSection orderId={order.id} comments={order.comments} canComment={may.comment} />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Stack gap="md">
            <OrderFacts order={order} />
            <AssigneesSection orderId={order.id} assignees={order.assignees} canAssign={may.assign} phone={phone} />
            <ActivitySection order={order} />
          </Stack>
        </Grid.Col>
      </Grid>
    </>
  )
}
