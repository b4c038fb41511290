import { ActionIcon, Badge, Button, Card, Group, SegmentedControl, Stack, Text, Title, Tooltip } from '@mantine/core'
import { useMediaQuery } from '@mantine/hooks'
import { notifications } from '@mantine/notifications'
import { IconPencil, IconPlus } from '@tabler/icons-react'
import { DataTable } from 'mantine-datatable'
import { useState } from 'react'
import { EmptyState } from '@/components/empty-state'
import { QueryState } from '@/components/query-state'
import type { Schemas } from '@/lib/api/client'
import { useMe } from '@/lib/auth/use-me'
import { useTaskTemplates, useUpdateTaskTemplate } from '../api/preventive'
import { periodicityLabel } from '../utils/periodicity'
import { TemplateFormModal } from './template-form-modal'

type Template = Schemas['TaskTemplate']
type Filter = 'all' | 'active' | 'inactive'

/** The maintenance programme: the tasks that grids are made of (SETTINGS rights). */
export function TemplatesSection() {
  const { can } = useMe()
  const query = useTaskTemplates()
  const [filter, setFilter] = useState<Filter>('all')
  const [editing, setEditing] = useState<Template | 'new' | null>(null)
  const toggle = useUpdateTaskTemplate()
  const canEdit = can('SETTINGS', 'edit')
  const phone = useMediaQuery('(max-width: 48em)')

  function setActive(t: Template, isActive: boolean) {
    toggle.mutate({ params: { path: { id: t.id } }, body: { isActive } }, {
      onSuccess: () => notifications.show({ color: 'green', message: `Tâche « ${t.label} » ${isActive ? 'réactivée' : 'désactivée'}.` }),
    })
  }

  const actions = (t: Template) => (
    <Group gap={4} justify="flex-end" wrap="nowrap">
      <Tooltip label="Modifier"><ActionIcon variant="subtle" size="lg" aria-label={`Modifier ${t.label}`} onClick={() => setEditing(t)}><IconPencil size={18} /></ActionIcon></Tooltip>
      <Button size="compact-sm" variant={t.isActive ? 'light' : 'default'} color="gray" onClick={() => setActive(t, !t.isActive)}
        aria-label={`${t.isActive ? 'Désactiver' : 'Réactiver'} ${t.label}`}>
        {t.isActive ? 'Désactiver' : 'Réactiver'}
      </Button>
    </Group>
  )
  const badge = (t: Template) => <Badge variant="dot" color={t.isActive ? 'green' : 'gray'}>{t.isActive ? 'Active' : 'Inactive'}</Badge>

  return (
    <Card withBorder padding="lg" radius="md" component="section" aria-labelledby="templates-title">
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" gap="xs">
          <Stack gap={0}>
            <Title order={2} fz="lg" id="templates-title">Tâches préventives</Title>
            <Text size="sm" c="dimmed">Une tâche désactivée n’entre plus dans les prochaines grilles ; les grilles déjà générées la gardent.</Text>
          </Stack>
          {can('SETTINGS', 'create') && <Button leftSection={<IconPlus size={18} />} onClick={() => setEditing('new')}>Nouvelle tâche</Button>}
        </Group>
        <SegmentedControl value={filter} onChange={(v) => setFilter(v as Filter)} w="fit-content" aria-label="Filtrer les tâches"
          data={[{ value: 'all', label: 'Toutes' }, { value: 'active', label: 'Actives' }, { value: 'inactive', label: 'Inactives' }]} />
        <QueryState query={query}>{(data) => {
          const rows = data.taskTemplates.filter((t) => filter === 'all' || t.isActive === (filter === 'active'))
          if (rows.length === 0) return <EmptyState title="Aucune tâche">{filter === 'all' ? 'Ajoutez la première tâche du programme de maintenance.' : 'Aucune tâche dans ce filtre.'}</EmptyState>
          if (phone) return (
            <Stack gap="sm" role="list" aria-label="Tâches préventives">
              {rows.map((t) => (
                <Card key={t.id} withBorder padding="sm" radius="md" role="listitem">
                  <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
                    <Text size="sm" fw={600} c={t.isActive ? undefined : 'dimmed'}>{t.label}</Text>
                    {badge(t)}
                  </Group>
                  <Group justify="space-between" mt={6}>
                    <Text size="sm" c="dimmed">{periodicityLabel(t.periodicityMonths)}</Text>
                    {canEdit && actions(t)}
                  </Group>
                </Card>
              ))}
            </Stack>
          )
          return (
            <DataTable<Template> records={rows} idAccessor="id" withTableBorder borderRadius="md" striped highlightOnHover
              aria-label="Tâches préventives" noRecordsText="Aucune tâche"
              columns={[
                { accessor: 'label', title: 'Tâche', render: (t) => <Text size="sm" c={t.isActive ? undefined : 'dimmed'}>{t.label}</Text> },
                { accessor: 'periodicityMonths', title: 'Périodicité', render: (t) => periodicityLabel(t.periodicityMonths) },
                { accessor: 'isActive', title: 'État', render: badge },
                ...(canEdit ? [{
                  accessor: 'actions', title: 'Actions', textAlign: 'right' as const,
                  render: actions,
                }] : []),
              ]} />
          )
        }}</QueryState>
      </Stack>
      <TemplateFormModal opened={editing !== null} onClose={() => setEditing(null)} template={editing === 'new' || editing === null ? undefined : editing} />
    </Card>
  )
}
