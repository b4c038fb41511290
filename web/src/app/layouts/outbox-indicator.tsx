import { Badge, UnstyledButton } from '@mantine/core'
import { useNetwork } from '@mantine/hooks'
import { IconAlertTriangle, IconCloudOff, IconCloudUpload } from '@tabler/icons-react'
import { lazy, Suspense, useState, useSyncExternalStore } from 'react'
import { outbox } from '@/lib/api/outbox'

const OutboxDrawer = lazy(() => import('./outbox-drawer'))

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
      {opened && <Suspense fallback={null}><OutboxDrawer opened={opened} writes={all} onClose={() => setOpened(false)} /></Suspense>}
    </>
  )
}
