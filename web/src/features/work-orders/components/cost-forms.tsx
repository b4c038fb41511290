// The costs section's entries for a technician on site: a part taken from stock, time worked.
import { Alert, Button, Group, NumberInput, Select, Stack, Text, TextInput } from '@mantine/core'
import { useForm } from '@mantine/form'
import { useDebouncedValue } from '@mantine/hooks'
import { notifications } from '@mantine/notifications'
import { useState } from 'react'
import type { Schemas } from '@/lib/api/client'
import { ApiError, errorMessage } from '@/lib/api/errors'
import { outbox } from '@/lib/api/outbox'
import { useMe } from '@/lib/auth/use-me'
import { formatCents } from '../lib/format'
import { durationMinutes, localDay } from '../lib/labor'
import { useAddLaborTime, useConsumePart, usePartOptions } from '../api/work-orders'

/** What a write answered: done, or kept on the phone until the network returns (lib/api/outbox.ts). */
const said = (done: string) => (outbox.hasPending() ? 'Gardé sur le téléphone : envoyé au retour du réseau.' : done)

function useRefusal(form: { setErrors: (e: Record<string, string>) => void }) {
  const [refusal, setRefusal] = useState<string | null>(null)
  const onError = (e: unknown) => {
    if (e instanceof ApiError && e.details.length) form.setErrors(e.fieldErrors())
    else setRefusal(errorMessage(e))
  }
  return { refusal, clear: () => setRefusal(null), onError }
}

export function ConsumePartForm({ orderId, onDone }: { orderId: string; onDone: () => void }) {
  const [search, setSearch] = useState('')
  const [q] = useDebouncedValue(search, 250)
  const options = usePartOptions(q, true)
  const consume = useConsumePart()
  const form = useForm({
    initialValues: { partId: null as string | null, quantity: 1 as number | string },
    validate: {
      partId: (v) => (v ? null : 'Choisissez une pièce.'),
      quantity: (v) => (Number.isInteger(Number(v)) && Number(v) > 0 ? null : 'Indiquez une quantité entière positive.'),
    },
  })
  const { refusal, clear, onError } = useRefusal(form)
  const parts = options.data?.parts ?? []
  const data = parts.map((p) => ({ value: p.id, label: `${p.reference} — ${p.designation} (${p.quantity} en stock)` }))
  const chosen = parts.find((p) => p.id === form.values.partId)

  const submit = form.onSubmit((v) => {
    clear()
    consume.mutate({ params: { path: { id: orderId } }, body: { partId: v.partId!, quantity: Number(v.quantity) } }, {
      onSuccess: () => { notifications.show({ color: 'green', message: said('Pièce consommée.') }); onDone() },
      onError,
    })
  })
  return (
    <form onSubmit={submit} noValidate aria-label="Consommer une pièce">
      <Stack gap="sm">
        <Select label="Pièce" placeholder="Référence ou désignation…" required searchable data={data} searchValue={search} onSearchChange={setSearch}
          filter={({ options: o }) => o} nothingFoundMessage={options.isFetching ? 'Recherche…' : 'Aucune pièce'} comboboxProps={{ withinPortal: true }}
          {...form.getInputProps('partId')} />
        {chosen && <Text size="xs" c="dimmed">{chosen.quantity} en stock · {chosen.lastUnitPriceCents === null ? 'prix inconnu' : `${formatCents(chosen.lastUnitPriceCents)} l’unité`}</Text>}
        <NumberInput label="Quantité" required min={1} allowDecimal={false} allowNegative={false} {...form.getInputProps('quantity')} />
        {refusal && <Alert color="red" title="Consommation refusée">{refusal}</Alert>}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone}>Annuler</Button>
          <Button type="submit" loading={consume.isPending}>Consommer</Button>
        </Group>
      </Stack>
    </form>
  )
}

export function LaborForm({ orderId, assignees, forOthers, onDone }: {
  orderId: string; assignees: Schemas['WorkOrderPerson'][]; forOthers: boolean; onDone: () => void
}) {
  const { me } = useMe()
  const add = useAddLaborTime()
  const people = [...(me ? [{ value: me.id, label: `${me.displayName} (moi)` }] : []),
    ...assignees.filter((a) => a.id !== me?.id).map((a) => ({ value: a.id, label: a.displayName }))]
  const form = useForm({
    initialValues: { userId: me?.id ?? '', hours: 1 as number | string, minutes: 0 as number | string, workedOn: localDay() },
    validate: {
      minutes: (_v, v) => (durationMinutes(v.hours, v.minutes) === null ? 'Indiquez une durée entre 1 min et 24 h (minutes de 0 à 59).' : null),
      workedOn: (v) => (/^\d{4}-\d{2}-\d{2}$/.test(v) ? null : 'Indiquez le jour travaillé.'),
    },
  })
  const { refusal, clear, onError } = useRefusal(form)
  const submit = form.onSubmit((v) => {
    clear()
    add.mutate({ params: { path: { id: orderId } }, body: { userId: v.userId, minutes: durationMinutes(v.hours, v.minutes)!, workedOn: v.workedOn } }, {
      onSuccess: () => { notifications.show({ color: 'green', message: said('Temps enregistré.') }); onDone() },
      onError,
    })
  })
  return (
    <form onSubmit={submit} noValidate aria-label="Saisir du temps">
      <Stack gap="sm">
        {forOthers && people.length > 1 && (
          <Select label="Intervenant" data={people} allowDeselect={false} comboboxProps={{ withinPortal: true }} {...form.getInputProps('userId')} />
        )}
        <Group grow align="flex-start">
          <NumberInput label="Heures" min={0} max={24} allowDecimal={false} allowNegative={false} {...form.getInputProps('hours')} />
          <NumberInput label="Minutes" min={0} max={59} step={5} allowDecimal={false} allowNegative={false} {...form.getInputProps('minutes')} />
        </Group>
        <TextInput type="date" label="Jour" required max={localDay()} {...form.getInputProps('workedOn')} />
        {refusal && <Alert color="red" title="Saisie refusée">{refusal}</Alert>}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone}>Annuler</Button>
          <Button type="submit" loading={add.isPending}>Enregistrer le temps</Button>
        </Group>
      </Stack>
    </form>
  )
}
