import { Alert, Button, Group, List, Modal, Stack, Textarea } from '@mantine/core'
import { DateTimePicker } from '@mantine/dates'
import { useForm } from '@mantine/form'
import { useId } from '@mantine/hooks'
import { IconAlertTriangle, IconBan, IconCheck, IconPlayerPause, IconPlayerPlay } from '@tabler/icons-react'
import dayjs from 'dayjs'
import { useState, type ReactNode } from 'react'
import { ApiError } from '@/lib/api/errors'
import type { Schemas } from '@/lib/api/client'
import { useTransition } from '../api/work-orders'
import type { MoveAction } from '../lib/abilities'
import { datePickerA11y } from './date-aria-labels'
import { DATE_TIME_INPUT_FORMAT } from '@/lib/dates'

type Detail = Schemas['WorkOrderDetail']

const ICON = { IN_PROGRESS: IconPlayerPlay, DONE: IconCheck, ON_HOLD: IconPlayerPause, CANCELLED: IconBan, OPEN: IconPlayerPlay }

/** The moves on offer (allowedTransitions ∩ rights) as buttons, big on a phone, with what
 * prevents closing listed before anyone presses Terminer. */
export function StatusActions({ order, moves, blockers, phone }: { order: Detail; moves: MoveAction[]; blockers: string[]; phone: boolean }) {
  const transition = useTransition()
  const [asking, setAsking] = useState<MoveAction | null>(null)
  if (moves.length === 0) return null

  const press = (move: MoveAction) => {
    if (move.asks === 'none') transition.mutate({ params: { path: { id: order.id } }, body: { to: move.to } })
    else setAsking(move)
  }

  return (
    <Stack gap="sm">
      {blockers.length > 0 && (
        <Alert color="orange" variant="light" icon={<IconAlertTriangle />} title={blockersHeading(blockers.length)}
          styles={{ title: { color: 'var(--mantine-color-black)' } }}>
          <List size="sm" spacing={2}>{blockers.map((b) => <List.Item key={b}>{b}</List.Item>)}</List>
        </Alert>
      )}
      <ButtonRow phone={phone}>
        {moves.map((m) => {
          const Icon = ICON[m.to]
          return (
            <Button key={m.to} size={phone ? 'lg' : 'md'} fullWidth={phone} disabled={m.disabled || transition.isPending}
              loading={transition.isPending && transition.variables?.body.to === m.to}
              color={m.tone === 'danger' ? 'red' : m.to === 'DONE' ? 'teal.9' : undefined}
              variant={m.tone === 'primary' ? 'filled' : m.tone === 'danger' ? 'light' : 'default'}
              leftSection={<Icon size={20} />} onClick={() => press(m)}>
              {m.label}
            </Button>
          )
        })}
      </ButtonRow>
      <MoveDialog order={order} move={asking} onClose={() => setAsking(null)} phone={phone} />
    </Stack>
  )
}

/** A column of full-width buttons on a phone (gloved thumbs), a row on a desktop. */
function ButtonRow({ phone, children }: { phone: boolean; children: ReactNode }) {
  return phone ? <Stack gap="sm">{children}</Stack> : <Group gap="sm">{children}</Group>
}

const TITLES: Record<MoveAction['asks'], string> = {
  none: '', reason: 'Annuler l’ordre', optionalReason: 'Mettre en attente', release: 'Terminer l’ordre',
}

function MoveDialog({ order, move, onClose, phone }: { order: Detail; move: MoveAction | null; onClose: () => void; phone: boolean }) {
  return (
    <Modal opened={move !== null} onClose={onClose} title={move ? TITLES[move.asks] : ''} fullScreen={phone} closeButtonProps={{ 'aria-label': 'Fermer' }}>
      {move && <MoveForm order={order} move={move} onDone={onClose} />}
    </Modal>
  )
}

function MoveForm({ order, move, onDone }: { order: Detail; move: MoveAction; onDone: () => void }) {
  const transition = useTransition()
  const releaseId = useId()
  const form = useForm<{ reason: string; releasedAt: string | null }>({
    initialValues: { reason: '', releasedAt: null },
    validate: {
      reason: (v) => (move.asks === 'reason' && !v.trim() ? 'Indiquez pourquoi l’ordre est annulé.' : v.length > 1000 ? '1 000 caractères au plus.' : null),
      releasedAt: (v) => (v && dayjs(v).isAfter(dayjs()) ? 'L’heure de libération ne peut pas être dans le futur.' : null),
    },
  })
  const submit = form.onSubmit((v) => transition.mutate({
    params: { path: { id: order.id } },
    body: { to: move.to, reason: v.reason.trim() || undefined, releasedAt: v.releasedAt ? dayjs(v.releasedAt).toISOString() : undefined },
  }, {
    onSuccess: onDone,
    onError: (e) => { if (e instanceof ApiError) form.setErrors(e.fieldErrors()) },
  }))

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        {move.asks === 'release' ? (
          <DateTimePicker label="Personne libérée le" description="Laissez vide si elle a été libérée à la fin de l’intervention." placeholder="À la fin de l’intervention" clearable
            valueFormat={DATE_TIME_INPUT_FORMAT} maxDate={dayjs().format('YYYY-MM-DD HH:mm:ss')} {...datePickerA11y(releaseId)}
            clearButtonProps={{ 'aria-label': 'Effacer l’heure' }} submitButtonProps={{ 'aria-label': 'Valider l’heure' }} {...form.getInputProps('releasedAt')} />
        ) : (
          <Textarea label={move.asks === 'reason' ? 'Motif de l’annulation' : 'Motif (facultatif)'} required={move.asks === 'reason'} autosize minRows={3}
            placeholder={move.asks === 'reason' ? 'Doublon, panne résolue par le client…' : 'En attente de pièce, accès impossible…'}
            data-autofocus {...form.getInputProps('reason')} />
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>Retour</Button>
          <Button type="submit" loading={transition.isPending} color={move.tone === 'danger' ? 'red' : move.to === 'DONE' ? 'teal.9' : undefined}>
            {move.asks === 'reason' ? 'Confirmer l’annulation' : move.asks === 'release' ? 'Terminer l’ordre' : 'Mettre en attente'}
          </Button>
        </Group>
      </Stack>
    </form>
  )
}

/**
 * The heading of the closure guard's list: it counts exactly the list's items (each a
 * statement such as « La cause … n’est pas renseignée. »), so heading and items read together.
 */
export function blockersHeading(n: number): string {
  return n === 1 ? 'Un point empêche de terminer l’ordre :' : `${n} points empêchent de terminer l’ordre :`
}
