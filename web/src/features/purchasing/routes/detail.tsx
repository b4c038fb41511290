import { Alert, Anchor, Button, Group, Modal, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import { IconArrowLeft, IconCheck } from '@tabler/icons-react'
import { useState } from 'react'
import { Link, useParams } from 'react-router'
import { PageHeader } from '@/components/page-header'
import { QueryState } from '@/components/query-state'
import { paths } from '@/config/paths'
import type { Schemas } from '@/lib/api/client'
import { formatCents } from '@/lib/money'
import { usePurchaseOrder, useTransitionPurchaseOrder } from '../api/purchase-orders'
import { ReceiveModal } from '../components/receive-modal'
import { PurchaseOrderStatusBadge } from '../components/status-badge'
import { formatDateTime } from '@/lib/dates'

type Action = Schemas['PurchaseOrder']['allowedTransitions'][number]
const ACTION_LABEL: Record<Action, string> = { send: 'Envoyer', receive: 'Réceptionner', cancel: 'Annuler' }
const DONE: Record<Action, string> = { send: 'Bon de commande envoyé.', receive: 'Bon de commande réceptionné : le stock est entré.', cancel: 'Bon de commande annulé.' }
const when = (iso: string | null) => (iso ? formatDateTime(iso) : '—')

export function Component() {
  const { id = '' } = useParams()
  const order = usePurchaseOrder(id)
  const transition = useTransitionPurchaseOrder()
  const [confirmCancel, setConfirmCancel] = useState(false)
  const [receiving, setReceiving] = useState(false)

  function run(po: Schemas['PurchaseOrder'], action: Action) {
    transition.mutate({ params: { path: { id: po.id } }, body: { action } }, {
      onSuccess: () => { setConfirmCancel(false); notifications.show({ color: 'green', message: DONE[action] }) },
      // The API's message (409: the order moved meanwhile) shows as a notification; the page
      // reloads the order so that its actions are the ones now allowed.
      onError: () => { setConfirmCancel(false); void order.refetch() },
    })
  }

  return (
    <>
      <Anchor component={Link} to={paths.purchaseOrders} size="sm" mb="xs" display="inline-flex" style={{ alignItems: 'center', gap: 4 }}>
        <IconArrowLeft size={14} /> Achats
      </Anchor>
      <QueryState query={order} notFound="Bon de commande introuvable">
        {(po) => (
          <>
            <PageHeader
              title={`Bon de commande ${po.reference}`}
              description={po.supplier.name}
              actions={po.allowedTransitions.map((a) => (
                <Button key={a} variant={a === 'cancel' ? 'default' : 'filled'} color={a === 'cancel' ? 'red' : undefined}
                  loading={transition.isPending && transition.variables?.body.action === a}
                  onClick={() => (a === 'cancel' ? setConfirmCancel(true) : a === 'receive' ? setReceiving(true) : run(po, a))}>
                  {ACTION_LABEL[a]}
                </Button>
              ))}
            />
            {po.status === 'PARTIALLY_RECEIVED' && (
              <Alert color="orange" mb="md" title="Partiellement reçu" styles={{ title: { color: 'var(--mantine-color-gray-9)' } }}>
                Une partie est entrée en stock ; le reste est attendu. « Réceptionner » enregistre la livraison suivante.
              </Alert>
            )}
            {po.status === 'RECEIVED' && (
              <Alert color="green" mb="md" icon={<IconCheck />} title="Stock entré">
                Chaque ligne a été ajoutée au stock de sa pièce : ouvrez une pièce pour voir son stock.
              </Alert>
            )}
            <Paper withBorder p="md" mb="md">
              <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
                <Field label="Statut"><PurchaseOrderStatusBadge status={po.status} /></Field>
                <Field label="Fournisseur">{po.supplier.name}</Field>
                <Field label="Créé le">{when(po.createdAt)}{po.createdBy && ` par ${po.createdBy.displayName}`}</Field>
                <Field label="Envoyé le">{when(po.sentAt)}</Field>
                {po.receivedAt && <Field label="Reçu le">{when(po.receivedAt)}</Field>}
                {po.cancelledAt && <Field label="Annulé le">{when(po.cancelledAt)}</Field>}
              </SimpleGrid>
              {po.note && <Text size="sm" mt="sm" style={{ whiteSpace: 'pre-wrap' }}>{po.note}</Text>}
            </Paper>
            <Title order={2} size="h4" mb="xs">Lignes</Title>
            <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Lignes">
              {po.lines.map((l) => (
                <Paper component="li" key={l.id} withBorder p="sm">
                  <Group justify="space-between" wrap="wrap" gap="xs">
                    <Stack gap={0} style={{ minWidth: 0 }}>
                      <Anchor component={Link} to={paths.part(l.part.id)} fw={600}>{l.part.reference}</Anchor>
                      <Text size="sm">{l.part.designation}</Text>
                    </Stack>
                    <Stack gap={0} align="flex-end">
                      <Text size="sm">{l.quantity} × {formatCents(l.unitPriceCents)}</Text>
                      <Text fw={600}>{formatCents(l.totalCents)}</Text>
                      {po.status !== 'DRAFT' && (
                        <Text size="sm" c={l.receivedQuantity === 0 ? 'dimmed' : undefined} fw={l.receivedQuantity > 0 && l.receivedQuantity < l.quantity ? 600 : undefined}>
                          Reçu : {l.receivedQuantity} / {l.quantity}
                        </Text>
                      )}
                    </Stack>
                  </Group>
                </Paper>
              ))}
            </Stack>
            <Group justify="flex-end" mt="md">
              <Text fw={700} size="lg">Total : {formatCents(po.totalCents)}</Text>
            </Group>
            {receiving && <ReceiveModal order={po} opened onClose={() => setReceiving(false)} onConflict={() => void order.refetch()} />}
            <Modal opened={confirmCancel} onClose={() => setConfirmCancel(false)} title="Annuler ce bon de commande ?" closeButtonProps={{ 'aria-label': 'Fermer' }}>
              <Text size="sm">
                {po.status === 'PARTIALLY_RECEIVED'
                  ? `Le reste du bon de commande ${po.reference} ne sera plus attendu ; ce qui a déjà été reçu reste en stock.`
                  : `Le bon de commande ${po.reference} sera annulé définitivement ; aucun stock ne sera entré.`}
              </Text>
              <Group justify="flex-end" mt="md">
                <Button variant="default" onClick={() => setConfirmCancel(false)}>Garder</Button>
                <Button color="red" loading={transition.isPending} onClick={() => run(po, 'cancel')}>Annuler le bon de commande</Button>
              </Group>
            </Modal>
          </>
        )}
      </QueryState>
    </>
  )
}

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed">{label}</Text>
      <Text size="sm" component="div">{children}</Text>
    </Stack>
  )
}
