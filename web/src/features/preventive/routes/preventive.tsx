import { Stack } from '@mantine/core'
import { EmptyState } from '@/components/empty-state'
import { PageHeader } from '@/components/page-header'
import { useMe } from '@/lib/auth/use-me'
import { GenerateCard } from '../components/generate-card'
import { StatusCard } from '../components/status-card'
import { TemplatesSection } from '../components/templates-section'

/** Préventif: the month's progress (WORK_ORDERS view), generating a month (WORK_ORDERS
 * create) and the task programme (SETTINGS); each part shows only with its right. */
export function Component() {
  const { can } = useMe()
  const parts = { status: can('WORK_ORDERS', 'view'), generate: can('WORK_ORDERS', 'create'), templates: can('SETTINGS', 'view') }
  return (
    <>
      <PageHeader title="Maintenance préventive" description="Grilles mensuelles des équipements sous contrat" />
      <Stack gap="lg">
        {parts.status && <StatusCard />}
        {parts.generate && <GenerateCard />}
        {parts.templates && <TemplatesSection />}
        {!parts.status && !parts.generate && !parts.templates && (
          <EmptyState title="Rien à afficher">Votre rôle ne donne accès ni aux grilles préventives ni aux tâches.</EmptyState>
        )}
      </Stack>
    </>
  )
}
