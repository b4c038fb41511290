// The elevators whose five-yearly technical inspection is overdue or due within 90 days
// (docs/compliance.md), beside the visits.
import { SimpleGrid } from '@mantine/core'
import { QueryState } from '@/components/query-state'
import type { Schemas } from '@/lib/api/client'
import { usePreventiveStatus } from '../api/dashboard'
import { DueCard, type DueItem } from './due-card'

const wording = { last: 'Dernier contrôle le', never: 'Jamais contrôlé' }
const item = (i: Schemas['InspectionDue']): DueItem => ({
  id: i.id, reference: i.reference, siteName: i.siteName, lastAt: i.lastInspectionAt, nextDueAt: i.nextInspectionDueAt, daysLeft: i.inspectionDaysLeft,
})

/** The dispatcher's technical inspections: overdue first, then due within 90 days. */
export function InspectionsPanel() {
  const status = usePreventiveStatus()
  return (
    <QueryState query={status}>
      {(s) => (
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
          <DueCard title="Contrôles techniques en retard" late items={s.inspectionsOverdue.map(item)} count={s.inspectionsOverdueCount}
            wording={wording} empty="Chaque ascenseur sous contrat a été contrôlé dans les cinq ans." />
          <DueCard title="Contrôles techniques sous 90 jours" late={false} items={s.inspectionsDueSoon.map(item)} count={s.inspectionsDueSoonCount}
            wording={wording} empty="Aucun contrôle technique n’arrive à échéance dans les 90 jours." />
        </SimpleGrid>
      )}
    </QueryState>
  )
}
