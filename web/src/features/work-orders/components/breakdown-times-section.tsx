import { Button, Group, Modal, Stack, Text } from '@mantine/core'
import { DateTimePicker } from '@mantine/dates'
import { useId } from '@mantine/hooks'
import { IconClockCheck } from '@tabler/icons-react'
import dayjs from 'dayjs'
import { useState, type ReactNode } from 'react'
import { SectionCard } from '@/components/section-card'
import type { Schemas } from '@/lib/api/client'
import { useRecordTimes } from '../api/work-orders'
import { breakdownTimeLabel, type BreakdownTimeField } from '../labels'
import { formatDateTime, formatMinutes } from '../lib/format'
import { datePickerA11y } from './date-aria-labels'
import { DATE_TIME_INPUT_FORMAT } from '@/lib/dates'

type Detail = Schemas['WorkOrderDetail']

/**
 * A breakdown's times (CORRECTIVE orders): the call, then one tap each for the arrival, the
 * release of a trapped person and the departure, sent with the phone's time; the delays from
 * the call as the server computed them. A dispatcher (abilities.correctTimes) corrects a
 * recorded time; the log keeps the one it replaced.
 */
export function BreakdownTimesSection({ order }: { order: Detail }) {
  const record = useRecordTimes()
  const [correcting, setCorrecting] = useState<BreakdownTimeField | null>(null)
  const fields: BreakdownTimeField[] = order.personBlocked || order.releasedAt ? ['arrivedAt', 'releasedAt', 'leftAt'] : ['arrivedAt', 'leftAt']
  const tap = (field: BreakdownTimeField) =>
    record.mutate({ params: { path: { id: order.id } }, body: { times: { [field]: new Date().toISOString() } } })
  const pending = record.isPending ? (record.variables?.body.times && Object.keys(record.variables.body.times)[0]) : null

  return (
    <SectionCard id="breakdown-times" title="Heures du dépannage">
      <Stack gap="xs">
        {order.callReceivedAt && <TimeLine label="Appel reçu" value={formatDateTime(order.callReceivedAt)} />}
        {fields.map((field) => {
          const value = order[field]
          if (value) {
            return (
              <TimeLine key={field} label={breakdownTimeLabel[field]} value={formatDateTime(value)}
                action={order.abilities.correctTimes
                  ? <Button variant="subtle" size="compact-sm" onClick={() => setCorrecting(field)} aria-label={`Corriger : ${breakdownTimeLabel[field]}`}>Corriger</Button>
                  : undefined} />
            )
          }
          // Closed, or not his to tap: the office may still enter a time nobody tapped (or one cleared).
          if (!order.abilities.recordTimes) {
            return (
              <TimeLine key={field} label={breakdownTimeLabel[field]} value="—"
                action={order.abilities.correctTimes
                  ? <Button variant="subtle" size="compact-sm" onClick={() => setCorrecting(field)} aria-label={`Saisir : ${breakdownTimeLabel[field]}`}>Saisir</Button>
                  : undefined} />
            )
          }
          // The departure follows an arrival: the server refuses it before, so the button waits.
          const waits = field === 'leftAt' && !order.arrivedAt
          return (
            <Button key={field} fullWidth mih={48} variant={field === 'releasedAt' ? 'filled' : 'light'} color={field === 'releasedAt' ? 'red.8' : undefined}
              leftSection={<IconClockCheck size={20} aria-hidden />} disabled={waits || (record.isPending && pending !== field)} loading={pending === field}
              onClick={() => tap(field)}>
              {breakdownTimeLabel[field]}
            </Button>
          )
        })}
        {order.arrivalDelayMinutes !== null && <Text size="sm" fw={600}>Délai d’arrivée : {formatMinutes(order.arrivalDelayMinutes)}</Text>}
        {order.releaseDelayMinutes !== null && <Text size="sm" fw={600}>Délai de libération : {formatMinutes(order.releaseDelayMinutes)}</Text>}
      </Stack>
      <Modal opened={correcting !== null} onClose={() => setCorrecting(null)} closeButtonProps={{ 'aria-label': 'Fermer' }}
        title={correcting ? `${order[correcting] ? 'Corriger' : 'Saisir'} : ${breakdownTimeLabel[correcting]}` : ''}>
        {correcting && <CorrectionForm order={order} field={correcting} onDone={() => setCorrecting(null)} />}
      </Modal>
    </SectionCard>
  )
}

function TimeLine({ label, value, action }: { label: string; value: string; action?: ReactNode }) {
  return (
    <Group justify="space-between" gap="xs" wrap="nowrap">
      <div>
        <Text size="xs" c="dimmed">{label}</Text>
        <Text size="sm">{value}</Text>
      </div>
      {action}
    </Group>
  )
}

function CorrectionForm({ order, field, onDone }: { order: Detail; field: BreakdownTimeField; onDone: () => void }) {
  const record = useRecordTimes()
  const id = useId()
  const [value, setValue] = useState<string | null>(order[field] ? dayjs(order[field]).format('YYYY-MM-DD HH:mm:ss') : null)
  const send = (at: string | null) => record.mutate(
    { params: { path: { id: order.id } }, body: { times: { [field]: at, correction: true } } },
    { onSuccess: onDone },
  )
  const save = () => value && send(dayjs(value).toISOString())
  // A time tapped by mistake (on the wrong order, say) is cleared; the departure before the arrival.
  const clearable = order[field] !== null && (field !== 'arrivedAt' || !order.leftAt)
  const blockedByDeparture = order[field] !== null && !clearable
  return (
    <Stack>
      <DateTimePicker label="Heure corrigée" description="L’heure remplacée reste dans l’historique." placeholder="Choisir l’heure"
        valueFormat={DATE_TIME_INPUT_FORMAT} maxDate={dayjs().format('YYYY-MM-DD HH:mm:ss')} {...datePickerA11y(id)}
        submitButtonProps={{ 'aria-label': 'Valider l’heure' }} value={value} onChange={setValue} data-autofocus />
      {clearable && <Button variant="subtle" color="red" c="red.9" px={0} w="fit-content" onClick={() => send(null)} disabled={record.isPending}>Effacer cette heure (saisie par erreur)</Button>}
      {blockedByDeparture && <Text size="xs" c="dimmed">Effacez d’abord le départ pour effacer l’arrivée.</Text>}
      <Group justify="flex-end" gap="xs">
        <Button variant="default" onClick={onDone}>Retour</Button>
        <Button onClick={save} disabled={!value} loading={record.isPending}>Enregistrer la correction</Button>
      </Group>
    </Stack>
  )
}
