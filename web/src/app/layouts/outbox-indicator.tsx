import { Alert, Anchor, Badge, Button, Drawer, Group, Stack, Text, UnstyledButton } from '@mantine/core'
import { useNetwork } from '@mantine/hooks'
import { IconAlertTriangle, IconCloudOff, IconCloudUpload } from '@tabler/icons-react'
import { useQueryClient } from '@tanstack/react-query'
import { useState, useSyncExternalStore } from 'react'
import { Link } from 'react-router'
import { paths } from '@/config/paths'
import type { Schemas } from '@/lib/api/client'
import { outbox, type QueuedWrite } from '@/lib/api/outbox'
import { queryKeys } from '@/lib/api/query-keys'

/**
 * The changes still on the phone (lib/api/outbox.ts), on every page while there are any: their
 * count in the header, and at a tap the list, order by order, with any refusal, the API's reason
 * and the text that was typed. Nothing waits or is refused out of sight.
 */
export function OutboxIndicator() {
  const all = useSyncExternalStore(outbox.subscribe, outbox.list)
  const [opened, setOpened] = useState(false)
  const { online } = useNetwork()
  if (all.length === 0 && !opened) {
    if (online) return null
    // Nothing waits yet, but the person should know before typing that it will wait.
    return (
      <Badge size="lg" variant="light" color="gray" c="dark.7" tt="none" miw="max-content" leftSection={<IconCloudOff size={16} aria-hidden />}
        title="Vos modifications seront gardées sur le téléphone jusqu’au retour du réseau.">Sans réseau</Badge>
    )
  }
  const pending = all.filter((w) => w.state === 'pending').length
  const refused = all.length - pending
  const said = [
    pending ? `${pending} modification${pending > 1 ? 's' : ''} en attente d’envoi` : '',
    refused ? `${refused} refusée${refused > 1 ? 's' : ''}` : '',
  ].filter(Boolean).join(', ')
  return (
    <>
      <UnstyledButton onClick={() => setOpened(true)} aria-label={said} title={said} mih={44} px={4} style={{ flexShrink: 0 }}>
        <Badge size="lg" variant="filled" color={refused ? 'red.8' : 'orange.9'} tt="none" miw="max-content" style={{ cursor: 'pointer' }}
          leftSection={refused ? <IconAlertTriangle size={16} aria-hidden /> : <IconCloudUpload size={16} aria-hidden />}>
          {refused ? `${all.length} à voir` : `${pending} en attente`}
        </Badge>
      </UnstyledButton>
      <Drawer opened={opened} onClose={() => setOpened(false)} position="right" size="md" title="Modifications gardées sur le téléphone"
        closeButtonProps={{ 'aria-label': 'Fermer' }}>
        <OutboxList writes={all} onOpen={() => setOpened(false)} />
      </Drawer>
    </>
  )
}

function OutboxList({ writes, onOpen }: { writes: QueuedWrite[]; onOpen: () => void }) {
  const queryClient = useQueryClient()
  if (writes.length === 0) return <Text size="sm">Tout est envoyé.</Text>
  const groups = [...new Set(writes.map((w) => w.group))]
  return (
    <Stack gap="md">
      {writes.some((w) => w.state === 'pending') && <Text size="sm" c="dimmed">Envoyées dans l’ordre dès le retour du réseau.</Text>}
      {groups.map((group) => {
        // The order's reference from the kept detail (app/kept-reads.ts), when the phone has it.
        const order = queryClient.getQueryData<Schemas['WorkOrderDetail']>(queryKeys.workOrders.detail(group))
        return (
          <Stack key={group} gap={8} component="section" aria-label={`Ordre ${order?.reference ?? ''}`.trim()}>
            <Anchor component={Link} to={paths.workOrder(group)} onClick={onOpen} fw={600}>
              {order ? `${order.reference} — ${order.asset.reference}` : 'Ordre de travail'}
            </Anchor>
            {writes.filter((w) => w.group === group).map((w) => w.state === 'pending' ? (
              <Group key={w.id} justify="space-between" gap="xs" wrap="nowrap">
                <Text size="sm" style={{ overflowWrap: 'anywhere' }}>{w.label}</Text>
                <Badge color="orange" c="orange.9" variant="light" style={{ flexShrink: 0 }}>à envoyer</Badge>
              </Group>
            ) : (
              <Alert key={w.id} color="red" title={`Refusé : ${w.label}`}>
                <Stack gap={6}>
                  <Text size="sm">{w.message}</Text>
                  {w.text && <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>Votre texte, gardé : « {w.text} »</Text>}
                  <Group><Button size="xs" variant="default" onClick={() => outbox.dismiss(w.id)}>J’ai compris</Button></Group>
                </Stack>
              </Alert>
            ))}
          </Stack>
        )
      })}
    </Stack>
  )
}
