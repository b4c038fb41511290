import { ActionIcon, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import { IconPencil, IconPlus } from '@tabler/icons-react'
import { useState } from 'react'
import { EmptyState } from '@/components/empty-state'
import { QueryState } from '@/components/query-state'
import { paths } from '@/config/paths'
import type { Schemas } from '@/lib/api/client'
import { useMe } from '@/lib/auth/use-me'
import { useCategories, useCreateCategory, useUpdateCategory } from '../api/categories'
import { ActiveBadge } from '../components/active-badge'
import { AdminTable } from '../components/admin-table'
import { NameModal } from '../components/name-modal'
import { SectionGuard } from '../components/section-guard'
import { RecordCard } from '../components/record-card'
import { ToggleActiveButton } from '../components/toggle-active-button'
import { categoryKindLabel } from '../labels'

type Category = Schemas['Category']
type Kind = Category['kind']
type Editing = { kind: Kind; category?: Category } | null

const KIND_HELP: Record<Kind, string> = {
  EQUIPMENT: 'La famille d’un équipement (ascenseur électrique, hydraulique, escalier mécanique…).',
  COMPONENT_TYPE: 'Le type d’un composant monté sur un équipement (moteur, carte de manœuvre…).',
}

const uses = (n: number) => (n === 0 ? 'Jamais utilisée' : `${n} ${n > 1 ? 'utilisations' : 'utilisation'}`)

export function Component() {
  return <SectionGuard path={paths.adminCategories}><Categories /></SectionGuard>
}

function Categories() {
  const { can } = useMe()
  const query = useCategories()
  const create = useCreateCategory()
  const update = useUpdateCategory()
  const [editing, setEditing] = useState<Editing>(null)
  const close = () => setEditing(null)

  function save(name: string, onError: (e: unknown) => void) {
    if (!editing) return
    const done = (c: Category) => { notifications.show({ color: 'green', message: `Catégorie « ${c.name} » enregistrée.` }); close() }
    if (editing.category) update.mutate({ params: { path: { id: editing.category.id } }, body: { name } }, { onSuccess: done, onError })
    else create.mutate({ body: { kind: editing.kind, name } }, { onSuccess: done, onError })
  }
  const setActive = (c: Category) => update.mutate({ params: { path: { id: c.id } }, body: { isActive: !c.isActive } }, {
    onSuccess: (r) => notifications.show({ color: 'green', message: `« ${r.name} » ${r.isActive ? 'réactivée' : 'désactivée'}.` }),
  })

  return (
    <>
      <QueryState query={query}>{(data) => (
        <SimpleGrid cols={{ base: 1, xl: 2 }} spacing="lg">
          {(['EQUIPMENT', 'COMPONENT_TYPE'] as const).map((kind) => (
            <KindCard key={kind} kind={kind} categories={data.categories.filter((c) => c.kind === kind)}
              canCreate={can('SETTINGS', 'create')} canEdit={can('SETTINGS', 'edit')}
              onCreate={() => setEditing({ kind })} onRename={(c) => setEditing({ kind, category: c })} onToggle={setActive} />
          ))}
        </SimpleGrid>
      )}</QueryState>
      <NameModal opened={editing !== null} onClose={close} field="name" maxLength={80} label="Nom"
        title={editing?.category ? `Renommer « ${editing.category.name} »` : `Nouvelle catégorie : ${editing ? categoryKindLabel[editing.kind].toLowerCase() : ''}`}
        initial={editing?.category?.name} submitLabel={editing?.category ? 'Renommer' : 'Ajouter'}
        loading={create.isPending || update.isPending} onSubmit={save} />
    </>
  )
}

function KindCard({ kind, categories, canCreate, canEdit, onCreate, onRename, onToggle }: {
  kind: Kind; categories: Category[]; canCreate: boolean; canEdit: boolean
  onCreate: () => void; onRename: (c: Category) => void; onToggle: (c: Category) => void
}) {
  const actions = (c: Category) => (
    <Group gap={4} justify="flex-end" wrap="nowrap">
      <ActionIcon variant="subtle" size="lg" aria-label={`Renommer ${c.name}`} onClick={() => onRename(c)}><IconPencil size={18} /></ActionIcon>
      <ToggleActiveButton active={c.isActive} name={c.name} onToggle={() => onToggle(c)} />
    </Group>
  )
  return (
    <Card withBorder padding="md" radius="md" component="section" aria-labelledby={`kind-${kind}`}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="xs">
          <Stack gap={0} style={{ flex: 1, minWidth: 200 }}>
            <Title order={2} fz="lg" id={`kind-${kind}`}>{categoryKindLabel[kind]}</Title>
            <Text size="sm" c="dimmed">{KIND_HELP[kind]}</Text>
          </Stack>
          {canCreate && <Button size="sm" variant="light" leftSection={<IconPlus size={16} />} onClick={onCreate}>Ajouter</Button>}
        </Group>
        {categories.length === 0 ? <EmptyState title="Aucune catégorie" /> : (
          <AdminTable<Category> records={categories} label={categoryKindLabel[kind]} card={(c) => (
            <RecordCard title={c.name} badge={<ActiveBadge active={c.isActive} feminine />} details={uses(c.usageCount)} actions={canEdit && actions(c)} />
          )} columns={[
            { accessor: 'name', title: 'Nom', render: (c) => <Text size="sm" c={c.isActive ? undefined : 'dimmed'}>{c.name}</Text> },
            { accessor: 'usageCount', title: 'Utilisations', textAlign: 'right' },
            { accessor: 'isActive', title: 'État', width: 110, render: (c) => <ActiveBadge active={c.isActive} feminine /> },
            ...(canEdit ? [{
              accessor: 'actions', title: 'Actions', textAlign: 'right' as const, render: (c: Category) => actions(c),
            }] : []),
          ]} />
        )}
      </Stack>
    </Card>
  )
}
