import { ActionIcon, Button, Card, Group, Modal, Select, SimpleGrid, Stack, Text, Textarea, TextInput, Title } from '@mantine/core'
import { DateInput } from '@mantine/dates'
import { useForm } from '@mantine/form'
import { modals } from '@mantine/modals'
import { notifications } from '@mantine/notifications'
import { IconPlus, IconTrash } from '@tabler/icons-react'
import dayjs from 'dayjs'
import { useState } from 'react'
import { EmptyState } from '@/components/empty-state'
import type { Schemas } from '@/lib/api/client'
import { ApiError } from '@/lib/api/errors'
import { useAddComponent, useCategories, useRemoveComponent } from '../api/assets'
import { formatDate } from '../lib/format'
import { calendarAriaLabels } from './calendar-labels'
import { DATE_INPUT_FORMAT } from '@/lib/dates'

type Component = Schemas['AssetComponent']

export function ComponentsSection({ asset, canEdit }: { asset: Schemas['AssetDetail']; canEdit: boolean }) {
  const [adding, setAdding] = useState(false)
  const remove = useRemoveComponent()
  const confirmRemove = (c: Component) => modals.openConfirmModal({
    title: 'Retirer ce composant ?',
    children: <Text size="sm">{c.typeName}{c.brand ? ` ${c.brand}` : ''}{c.model ? ` ${c.model}` : ''} ne sera plus compté sur {asset.reference} (il reste dans l’historique).</Text>,
    labels: { confirm: 'Retirer', cancel: 'Annuler' },
    confirmProps: { color: 'red' },
    closeButtonProps: { 'aria-label': 'Fermer' },
    onConfirm: () => remove.mutate({ params: { path: { id: asset.id, componentId: c.id } } }, {
      onSuccess: () => notifications.show({ color: 'green', message: 'Composant retiré.' }),
    }),
  })

  return (
    <Card withBorder radius="md" component="section" aria-labelledby="asset-components">
      <Group justify="space-between" mb="sm">
        <Title order={2} fz="lg" id="asset-components">Composants ({asset.components.length})</Title>
        {canEdit && <Button variant="light" leftSection={<IconPlus size={16} />} onClick={() => setAdding(true)}>Ajouter un composant</Button>}
      </Group>
      {asset.components.length === 0 && <EmptyState title="Aucun composant">Les pièces montées sur l’équipement apparaîtront ici.</EmptyState>}
      <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {asset.components.map((c) => (
          <Group component="li" key={c.id} justify="space-between" wrap="nowrap" gap="xs" py={6} style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}>
            <Stack gap={0} style={{ minWidth: 0 }}>
              <Text size="sm" fw={600}>{c.typeName}</Text>
              <Text size="sm">{[c.brand, c.model].filter(Boolean).join(' ') || '—'}{c.serialNumber ? ` · n° ${c.serialNumber}` : ''}</Text>
              <Text size="xs" c="dimmed">{c.installedAt ? `Posé le ${formatDate(c.installedAt)}` : 'Date de pose inconnue'}{c.notes ? ` · ${c.notes}` : ''}</Text>
            </Stack>
            {canEdit && (
              <ActionIcon variant="subtle" color="red" size={44} aria-label={`Retirer ${c.typeName}${c.brand ? ` ${c.brand}` : ''}`} onClick={() => confirmRemove(c)}>
                <IconTrash size={18} />
              </ActionIcon>
            )}
          </Group>
        ))}
      </Stack>
      <Modal opened={adding} onClose={() => setAdding(false)} title={`Ajouter un composant — ${asset.reference}`} closeButtonProps={{ 'aria-label': 'Fermer' }}>
        {adding && <ComponentForm assetId={asset.id} onDone={() => setAdding(false)} />}
      </Modal>
    </Card>
  )
}

interface ComponentValues { typeId: string | null; brand: string; model: string; serialNumber: string; installedAt: string | null; notes: string }

function ComponentForm({ assetId, onDone }: { assetId: string; onDone: () => void }) {
  const types = useCategories('COMPONENT_TYPE')
  const add = useAddComponent()
  const form = useForm<ComponentValues>({
    initialValues: { typeId: null, brand: '', model: '', serialNumber: '', installedAt: null, notes: '' },
    validate: { typeId: (v) => (v ? null : 'Choisissez le type de composant.') },
  })
  const choices = (types.data?.categories ?? []).filter((c) => c.kind === 'COMPONENT_TYPE' && c.isActive).map((c) => ({ value: c.id, label: c.name }))
  const submit = form.onSubmit((v) => {
    const body: Schemas['AssetComponentCreate'] = { typeId: v.typeId! }
    for (const key of ['brand', 'model', 'serialNumber', 'notes'] as const) if (v[key].trim()) body[key] = v[key].trim()
    if (v.installedAt) body.installedAt = dayjs(v.installedAt).startOf('day').toISOString()
    add.mutate({ params: { path: { id: assetId } }, body }, {
      onSuccess: () => { notifications.show({ color: 'green', message: 'Composant ajouté.' }); onDone() },
      onError: (e) => { if (e instanceof ApiError) form.setErrors(e.fieldErrors()) },
    })
  })
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <Select label="Type" required data={choices} searchable nothingFoundMessage="Aucun type" data-autofocus {...form.getInputProps('typeId')} />
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <TextInput label="Marque" maxLength={80} {...form.getInputProps('brand')} />
          <TextInput label="Modèle" maxLength={80} {...form.getInputProps('model')} />
          <TextInput label="Numéro de série" maxLength={80} {...form.getInputProps('serialNumber')} />
          <DateInput label="Date de pose" valueFormat={DATE_INPUT_FORMAT} clearable maxDate={new Date()} ariaLabels={calendarAriaLabels}
            clearButtonProps={{ 'aria-label': 'Effacer la date' }} {...form.getInputProps('installedAt')} />
        </SimpleGrid>
        <Textarea label="Notes" autosize minRows={2} maxLength={1000} {...form.getInputProps('notes')} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>Annuler</Button>
          <Button type="submit" loading={add.isPending}>Ajouter</Button>
        </Group>
      </Stack>
    </form>
  )
}
