// The elevators whose six-week visit is late or due within seven days (docs/compliance.md).
import { SimpleGrid } from '@mantine/core'
import { QueryState } from '@/components/query-state'
import type { Schemas } from '@/lib/api/client'
import { usePreventiveStatus } from '../api/dashboard'
import { DueCard, type DueItem } from './due-card'

const wording = { last: 'Dernière visite le', never: 'Jamais visité' }
const item = (v: Schemas['VisitDue']): DueItem => ({
  id: v.id, reference: v.reference, siteName: v.siteName, lastAt: v.lastVisitAt, nextDueAt: v.nextVisitDueAt, daysLeft: v.visitDaysLeft,
})

/** The dispatcher's six-week visits: late first, then due within seven days. */
export function VisitsPanel() {
  const status = usePreventiveStatus()
  return (
    <QueryState query={status}>
      {(s) => (
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
          <DueCard title="Visites en retard (plus de six semaines)" late items={s.overdueVisits.map(item)} count={s.overdueVisitCount}
            wording={wording} empty="Chaque ascenseur sous contrat a été visité dans les six semaines." />
          <DueCard title="Visites à faire sous sept jours" late={false} items={s.dueSoonVisits.map(item)} count={s.dueSoonVisitCount}
            wording={wording} empty="Aucune visite n’arrive à échéance dans les sept jours." />
        </SimpleGrid>
      )}
    </QueryState>
  )
}
