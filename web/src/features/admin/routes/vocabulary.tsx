import { ActionIcon, Badge, Button, Group, Stack, Tabs, Text, TextInput } from '@mantine/core'
import { useForm } from '@mantine/form'
import { notifications } from '@mantine/notifications'
import { IconPencil, IconPlus } from '@tabler/icons-react'
import { useState } from 'react'
import { EmptyState } from '@/components/empty-state'
import { QueryState } from '@/components/query-state'
import { paths } from '@/config/paths'
import type { Schemas } from '@/lib/api/client'
import { useMe } from '@/lib/auth/use-me'
import { useCreateReferenceValue, useReferenceValues, useUpdateReferenceValue } from '../api/reference-values'
import { ActiveBadge } from '../components/active-badge'
import { AdminTable } from '../components/admin-table'
import { NameModal } from '../components/name-modal'
import { SectionGuard } from '../components/section-guard'
import { RecordCard } from '../components/record-card'
import { ToggleActiveButton } from '../components/toggle-active-button'
import { fieldErrorsTo } from '../utils/form-errors'

type Field = Schemas['ReferenceField']
type Value = Schemas['ReferenceValue']

export function Component() {
  return <SectionGuard path={paths.adminVocabulary}><Vocabulary /></SectionGuard>
}

/** The coded report's vocabulary: the values each of its six fields may take. */
function Vocabulary() {
  const query = useReferenceValues()
  const [tab, setTab] = useState<string | null>('SYMPTOM')
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        Les valeurs proposées dans le rapport codé d’une intervention. Une valeur désactivée reste sur les rapports qui l’utilisent mais ne peut plus être choisie.
      </Text>
      <QueryState query={query}>{(data) => (
        <Tabs value={tab} onChange={setTab} keepMounted={false}>
          <Tabs.List aria-label="Champs du rapport codé">
            {data.fields.map((f) => <Tabs.Tab key={f.field} value={f.field}>{f.label} ({f.values.length})</Tabs.Tab>)}
          </Tabs.List>
          {data.fields.map((f) => <Tabs.Panel key={f.field} value={f.field} pt="md"><FieldValues field={f} /></Tabs.Panel>)}
        </Tabs>
      )}</QueryState>
    </Stack>
  )
}

function FieldValues({ field }: { field: Field }) {
  const { can } = useMe()
  const update = useUpdateReferenceValue()
  const [renaming, setRenaming] = useState<Value | null>(null)
  const canEdit = can('SETTINGS', 'edit')
  const setActive = (v: Value) => update.mutate({ params: { path: { id: v.id } }, body: { isActive: !v.isActive } }, {
    onSuccess: (r) => notifications.show({ color: 'green', message: `« ${r.label} » ${r.isActive ? 'réactivée' : 'désactivée'}.` }),
  })
  const actions = (v: Value) => (
    <Group gap={4} justify="flex-end" wrap="nowrap">
      <ActionIcon variant="subtle" size="lg" aria-label={`Renommer ${v.label}`} onClick={() => setRenaming(v)}><IconPencil size={18} /></ActionIcon>
      <ToggleActiveButton active={v.isActive} name={v.label} onToggle={() => setActive(v)} />
    </Group>
  )
  return (
    <Stack gap="sm">
      <Group gap="xs">
        {field.required
          ? <Badge color="blue" variant="light">Obligatoire pour clôturer un ordre</Badge>
          : <Badge color="gray" variant="light">Facultatif</Badge>}
      </Group>
      {can('SETTINGS', 'create') && <AddValue field={field} />}
      {field.values.length === 0 ? <EmptyState title="Aucune valeur pour ce champ" /> : (
        <AdminTable<Value> records={field.values} label={`Valeurs : ${field.label}`} card={(v) => (
          <RecordCard title={v.label} badge={<ActiveBadge active={v.isActive} feminine />}
            details={v.usageCount === 0 ? 'Sur aucun rapport' : `Sur ${v.usageCount} ${v.usageCount > 1 ? 'rapports' : 'rapport'}`}
            actions={canEdit && actions(v)} />
        )} columns={[
          { accessor: 'label', title: 'Valeur', render: (v) => <Text size="sm" c={v.isActive ? undefined : 'dimmed'}>{v.label}</Text> },
          { accessor: 'usageCount', title: 'Rapports', textAlign: 'right' },
          { accessor: 'isActive', title: 'État', width: 110, render: (v) => <ActiveBadge active={v.isActive} feminine /> },
          ...(canEdit ? [{
            accessor: 'actions', title: 'Actions', textAlign: 'right' as const, render: (v: Value) => actions(v),
          }] : []),
        ]} />
      )}
      <NameModal opened={renaming !== null} onClose={() => setRenaming(null)} field="label" maxLength={120} label="Libellé"
        title={`Renommer « ${renaming?.label ?? ''} »`} initial={renaming?.label} submitLabel="Renommer" loading={update.isPending}
        onSubmit={(label, onError) => renaming && update.mutate({ params: { path: { id: renaming.id } }, body: { label } }, {
          onSuccess: () => setRenaming(null), onError,
        })} />
    </Stack>
  )
}

function AddValue({ field }: { field: Field }) {
  const create = useCreateReferenceValue()
  const form = useForm({ initialValues: { label: '' }, validate: { label: (v) => (v.trim() === '' ? 'Saisissez un libellé.' : null) } })
  const submit = form.onSubmit(({ label }) => create.mutate({ body: { field: field.field, label: label.trim() } }, {
    onSuccess: (v) => { notifications.show({ color: 'green', message: `« ${v.label} » ajoutée à ${field.label}.` }); form.reset() },
    onError: fieldErrorsTo(form),
  }))
  return (
    <form onSubmit={submit} noValidate>
      <Group align="flex-start" gap="sm" wrap="nowrap">
        <TextInput label={`Nouvelle valeur : ${field.label}`} maxLength={120} style={{ flex: 1, minWidth: 0 }} {...form.getInputProps('label')} />
        <Button type="submit" mt={25} leftSection={<IconPlus size={16} />} loading={create.isPending} style={{ flexShrink: 0 }}>Ajouter</Button>
      </Group>
    </form>
  )
}
