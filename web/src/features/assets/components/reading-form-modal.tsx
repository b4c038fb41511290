import { Button, Group, Modal, NumberInput, Stack, Text } from '@mantine/core'
import { DateTimePicker } from '@mantine/dates'
import { useForm } from '@mantine/form'
import { notifications } from '@mantine/notifications'
import dayjs from 'dayjs'
import type { Schemas } from '@/lib/api/client'
import { ApiError } from '@/lib/api/errors'
import { useAddReading } from '../api/meters'
import { formatDateTime, formatNumber } from '../lib/format'
import { calendarAriaLabels } from './calendar-labels'
import { DATE_TIME_INPUT_FORMAT } from '@/lib/dates'

type Meter = Schemas['Meter']

export function ReadingFormModal({ assetId, meter, onClose }: { assetId: string; meter: Meter | null; onClose: () => void }) {
  return (
    <Modal opened={meter !== null} onClose={onClose} title={meter ? `Nouveau relevé — ${meter.name}` : ''} closeButtonProps={{ 'aria-label': 'Fermer' }}>
      {meter && <ReadingForm key={meter.id} assetId={assetId} meter={meter} onDone={onClose} />}
    </Modal>
  )
}

function ReadingForm({ assetId, meter, onDone }: { assetId: string; meter: Meter; onDone: () => void }) {
  const add = useAddReading(assetId)
  const last = meter.lastValue
  const form = useForm<{ value: number | string; readAt: string | null }>({
    initialValues: { value: '', readAt: null },
    validate: {
      value: (v) => (typeof v !== 'number' ? 'Saisissez la valeur lue sur le compteur.'
        : last !== null && v <= last ? `La valeur doit dépasser le dernier relevé (${formatNumber(last)}).` : null),
    },
  })
  const submit = form.onSubmit((v) => {
    const body: Schemas['MeterReadingCreate'] = { meterId: meter.id, value: v.value as number }
    if (v.readAt) body.readAt = dayjs(v.readAt).toISOString()
    add.mutate({ params: { path: { id: assetId } }, body }, {
      onSuccess: () => { notifications.show({ color: 'green', message: `Relevé enregistré : ${formatNumber(body.value)} ${meter.unit}.` }); onDone() },
      onError: (e) => { if (e instanceof ApiError) form.setErrors(e.fieldErrors()) },
    })
  })
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <Text size="sm" c="dimmed">
          {last === null ? 'Premier relevé de ce compteur.' : `Dernier relevé : ${formatNumber(last)} ${meter.unit}${meter.lastReadAt ? `, le ${formatDateTime(meter.lastReadAt)}` : ''}.`}
        </Text>
        {/* No clamping: a value typed under the last one must be refused, not silently raised. */}
        <NumberInput label={`Valeur (${meter.unit})`} required clampBehavior="none" allowDecimal={false} allowNegative={false}
          thousandSeparator=" " inputMode="numeric" data-autofocus {...form.getInputProps('value')} />
        <DateTimePicker label="Date du relevé" description="Laissez vide pour maintenant" clearable valueFormat={DATE_TIME_INPUT_FORMAT}
          maxDate={new Date()} minDate={meter.lastReadAt ? new Date(meter.lastReadAt) : undefined} ariaLabels={calendarAriaLabels}
          clearButtonProps={{ 'aria-label': 'Effacer la date' }} submitButtonProps={{ 'aria-label': 'Valider la date' }} {...form.getInputProps('readAt')} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>Annuler</Button>
          <Button type="submit" loading={add.isPending}>Enregistrer le relevé</Button>
        </Group>
      </Stack>
    </form>
  )
}
