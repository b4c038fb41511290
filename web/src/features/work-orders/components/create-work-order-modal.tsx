import { Button, Group, Input, Modal, MultiSelect, SegmentedControl, Select, Stack, Switch, Text, TextInput, Textarea } from '@mantine/core'
import { DatePickerInput } from '@mantine/dates'
import { useForm } from '@mantine/form'
import { useId, useMediaQuery } from '@mantine/hooks'
import { notifications } from '@mantine/notifications'
import dayjs from 'dayjs'
import { useNavigate } from 'react-router'
import { priorityLabel, workOrderTypeLabel } from '@/config/labels'
import { paths } from '@/config/paths'
import { ApiError } from '@/lib/api/errors'
import type { Schemas } from '@/lib/api/client'
import { useMe } from '@/lib/auth/use-me'
import { useAssetOptions, usePeople } from '../api/options'
import { useCreateWorkOrder } from '../api/work-orders'
import { datePickerA11y } from './date-aria-labels'
import { DATE_INPUT_FORMAT, formatDate } from '@/lib/dates'

type Create = Schemas['WorkOrderCreate']
interface Values {
  assetId: string | null
  type: NonNullable<Create['type']>
  priority: NonNullable<Create['priority']>
  personBlocked: boolean
  description: string
  dueDate: string | null
  requesterName: string
  assigneeIds: string[]
}

const PRIORITIES = (['LOW', 'NORMAL', 'HIGH', 'URGENT'] as const).map((p) => ({ value: p, label: priorityLabel[p] }))
const TYPES = (['CORRECTIVE', 'PREVENTIVE'] as const).map((t) => ({ value: t, label: workOrderTypeLabel[t] }))

/** An order remedying a finding of a technical inspection: its elevator and inspection are fixed. */
export interface FindingPreset { assetId: string; inspectionId: string; inspectedAt: string }

/** A new order: the asset, what is wrong, how urgent, who goes. Opens the order once created. */
export function CreateWorkOrderModal({ opened, onClose, finding }: { opened: boolean; onClose: () => void; finding?: FindingPreset }) {
  const phone = useMediaQuery('(max-width: 48em)')
  return (
    <Modal opened={opened} onClose={onClose} title={finding ? 'Observation du contrôle technique' : 'Nouvel ordre de travail'} size="lg" fullScreen={phone}
      closeButtonProps={{ 'aria-label': 'Fermer' }}>
      {opened && <CreateForm onDone={onClose} finding={finding} />}
    </Modal>
  )
}

function CreateForm({ onDone, finding }: { onDone: () => void; finding?: FindingPreset }) {
  const { can } = useMe()
  const navigate = useNavigate()
  const assets = useAssetOptions()
  const choosePeople = can('PEOPLE_TEAMS', 'viewOther')
  const people = usePeople(choosePeople)
  const create = useCreateWorkOrder()
  const dueId = useId()
  const form = useForm<Values>({
    initialValues: { assetId: finding?.assetId ?? null, type: 'CORRECTIVE', priority: 'NORMAL', personBlocked: false, description: '', dueDate: null, requesterName: '', assigneeIds: [] },
    validate: {
      assetId: (v) => (v ? null : 'Choisissez l’équipement.'),
      description: (v) => (v.trim() ? (v.length > 2000 ? '2 000 caractères au plus.' : null) : 'Décrivez la panne ou le travail à faire.'),
      requesterName: (v) => (v.length > 120 ? '120 caractères au plus.' : null),
    },
  })
  const v = form.values

  const submit = form.onSubmit((values) => create.mutate({
    body: {
      assetId: values.assetId!,
      description: values.description.trim(),
      type: values.type,
      priority: values.personBlocked ? 'URGENT' : values.priority,
      personBlocked: values.personBlocked,
      dueAt: values.dueDate ? dayjs(values.dueDate).endOf('day').toISOString() : undefined,
      requesterName: values.requesterName.trim() || undefined,
      assigneeIds: values.assigneeIds.length ? values.assigneeIds : undefined,
      inspectionId: finding?.inspectionId,
    },
  }, {
    onSuccess: (order) => {
      notifications.show({ color: 'green', title: 'Ordre créé', message: `${order.reference} est ouvert.` })
      onDone()
      navigate(paths.workOrder(order.id))
    },
    onError: (e) => { if (e instanceof ApiError) form.setErrors(e.fieldErrors()) },
  }))

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        {finding && (
          <Text size="sm" c="dimmed">
            L’ordre remédie à une observation du contrôle technique du {formatDate(finding.inspectedAt)}.
          </Text>
        )}
        <Select label="Équipement" disabled={finding !== undefined} placeholder={assets.isPending ? 'Chargement…' : 'Référence ou site'} required searchable limit={50}
          nothingFoundMessage="Aucun équipement" data={(assets.data?.options ?? []).map((o) => ({ value: o.id, label: `${o.reference} — ${o.siteName}` }))}
          {...form.getInputProps('assetId')} />
        <Textarea label="Description" placeholder="Ce qui ne va pas, ou ce qu’il faut faire" required autosize minRows={3} maxRows={8}
          {...form.getInputProps('description')} />
        <Switch label="Personne bloquée dans la cabine" description="L’ordre passe en priorité urgente et en tête des listes." color="red" size="md"
          {...form.getInputProps('personBlocked', { type: 'checkbox' })} />
        <Input.Wrapper label="Priorité" labelElement="div">
          <SegmentedControl fullWidth aria-label="Priorité" data={PRIORITIES} disabled={v.personBlocked} value={v.personBlocked ? 'URGENT' : v.priority}
            onChange={(p) => form.setFieldValue('priority', p as Values['priority'])} />
        </Input.Wrapper>
        <Input.Wrapper label="Type" labelElement="div">
          <SegmentedControl fullWidth aria-label="Type" data={TYPES} value={v.type} onChange={(t) => form.setFieldValue('type', t as Values['type'])} />
        </Input.Wrapper>
        <DatePickerInput label="Échéance" placeholder="Aucune" clearable valueFormat={DATE_INPUT_FORMAT} minDate={dayjs().format('YYYY-MM-DD')}
          {...datePickerA11y(dueId)} clearButtonProps={{ 'aria-label': 'Effacer l’échéance' }} {...form.getInputProps('dueDate')} />
        <TextInput label="Demandé par" description="Quand ce n’est pas un utilisateur : le gardien au téléphone…" {...form.getInputProps('requesterName')} />
        {choosePeople && (
          <MultiSelect label="Intervenants" placeholder={v.assigneeIds.length ? undefined : 'Personne pour l’instant'} searchable clearable
            clearButtonProps={{ 'aria-label': 'Retirer tous les intervenants' }} nothingFoundMessage="Personne"
            data={(people.data ?? []).map((u) => ({ value: u.id, label: `${u.displayName} (${u.role.name})` }))}
            {...form.getInputProps('assigneeIds')} />
        )}
        {!choosePeople && <Text size="sm" c="dimmed">Les intervenants seront désignés par le dispatcher.</Text>}
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={onDone}>Annuler</Button>
          <Button type="submit" loading={create.isPending}>Créer l’ordre</Button>
        </Group>
      </Stack>
    </form>
  )
}
