import { Alert, Button, Group, Modal, NumberInput, Paper, Stack, Text } from '@mantine/core'
import { useForm } from '@mantine/form'
import { useMediaQuery } from '@mantine/hooks'
import { notifications } from '@mantine/notifications'
import type { Schemas } from '@/lib/api/client'
import { ApiError, errorMessage } from '@/lib/api/errors'
import { useTransitionPurchaseOrder } from '../api/purchase-orders'
import { initialReceipt, receiptBody, receiptErrors, remainingOf, validateReceipt } from '../lib/receipt'

/**
 * « Réceptionner »: per line still expected, the quantity delivered now, prefilled with what
 * remains (0 for a line not delivered). Sends a partial receipt; the order stays « Partiellement
 * reçu » until every line is complete.
 */
export function ReceiveModal({ order, opened, onClose, onConflict }: {
  order: Schemas['PurchaseOrder']; opened: boolean; onClose: () => void; onConflict: () => void
}) {
  const phone = useMediaQuery('(max-width: 48em)')
  const transition = useTransitionPurchaseOrder()
  const expected = order.lines.filter((l) => remainingOf(l) > 0)
  const form = useForm<{ received: Record<string, number | string> }>({
    initialValues: { received: initialReceipt(order.lines) },
    validate: (v) => prefixed(validateReceipt(order.lines, v.received)),
  })

  // Mounted only while open (detail.tsx), so each opening starts from what remains now.
  const close = onClose

  const submit = form.onSubmit((v) => {
    const lines = receiptBody(order.lines, v.received)
    transition.mutate({ params: { path: { id: order.id } }, body: { action: 'receive', lines } }, {
      onSuccess: (po) => {
        notifications.show({
          color: 'green',
          message: po.status === 'RECEIVED' ? 'Bon de commande réceptionné en entier : le stock est entré.' : 'Réception enregistrée : le stock est entré, le reste est attendu.',
        })
        onClose()
      },
      onError: (e) => {
        if (e instanceof ApiError && e.details.length > 0) form.setErrors(prefixed(receiptErrors(lines, e.fieldErrors())))
        // 409: the order moved meanwhile (received or cancelled elsewhere): the page reloads it.
        else { onClose(); onConflict() }
      },
    })
  })

  const receiptError = form.errors['received.receipt']
  return (
    <Modal opened={opened} onClose={close} title={`Réceptionner ${order.reference}`} size="lg" closeButtonProps={{ 'aria-label': 'Fermer' }} fullScreen={phone}>
      <form onSubmit={submit} noValidate>
        <Stack>
          <Text size="sm">Indiquez ce qui est livré maintenant ; mettez 0 pour une ligne non livrée. Le reste restera attendu.</Text>
          {expected.map((l) => (
            <Paper key={l.id} withBorder p="sm" role="group" aria-label={`${l.part.reference} ${l.part.designation}`}>
              <Group justify="space-between" align="flex-end" wrap="wrap" gap="xs">
                <Stack gap={0} style={{ minWidth: 0, flex: 1 }}>
                  <Text fw={600}>{l.part.reference}</Text>
                  <Text size="sm">{l.part.designation}</Text>
                  <Text size="xs" c="dimmed">Commandé {l.quantity} · déjà reçu {l.receivedQuantity} · reste {remainingOf(l)}</Text>
                </Stack>
                <NumberInput label="Reçu maintenant" min={0} max={remainingOf(l)} allowDecimal={false} allowNegative={false} w={130}
                  {...form.getInputProps(`received.${l.id}`)} />
              </Group>
            </Paper>
          ))}
          {typeof receiptError === 'string' && <Text c="red.8" size="sm" role="alert">{receiptError}</Text>}
          {transition.error && !(transition.error instanceof ApiError && transition.error.details.length > 0) && <Alert color="red">{errorMessage(transition.error)}</Alert>}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close}>Annuler</Button>
            <Button type="submit" loading={transition.isPending}>Valider la réception</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  )
}

/** The form keeps quantities under `received.<line id>`; the checks key errors by line id. */
const prefixed = (errors: Record<string, string>) => Object.fromEntries(Object.entries(errors).map(([k, v]) => [`received.${k}`, v]))
