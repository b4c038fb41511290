import { Alert, Anchor, Button, Card, CopyButton, Stack, Text, ThemeIcon, Title } from '@mantine/core'
import { IconCheck, IconCopy } from '@tabler/icons-react'
import { Link } from 'react-router'
import { paths } from '@/config/paths'
import type { Schemas } from '@/lib/api/client'

/** The report is in: its reference, and the tracking link — shown once, the only way back to it. */
export function Confirmation({ created, personBlocked }: { created: Schemas['PortalRequestCreated']; personBlocked: boolean }) {
  const path = paths.portalTracking(created.reference, created.trackingToken)
  const url = `${window.location.origin}${path}`
  return (
    <Card withBorder radius="md" padding="lg">
      <Stack gap="md">
        <ThemeIcon size={56} radius="xl" color="green"><IconCheck size={32} /></ThemeIcon>
        <Title order={1} fz={24}>Signalement envoyé</Title>
        <Text>Votre signalement <Text span fw={700}>{created.reference}</Text> est bien reçu. Merci.</Text>
        {personBlocked && (
          <Alert color="red" title="Personne bloquée">Un technicien est envoyé en urgence. Rassurez la personne : l’aide arrive.</Alert>
        )}
        <Stack gap={6}>
          <Text fw={600}>Gardez ce lien pour suivre l’intervention</Text>
          <Text size="sm" c="dimmed">Il n’est affiché qu’une fois : enregistrez-le ou copiez-le avant de quitter cette page.</Text>
          <Anchor component={Link} to={path} style={{ wordBreak: 'break-all' }}>{url}</Anchor>
        </Stack>
        <CopyButton value={url}>
          {({ copied, copy }) => (
            <Button size="lg" variant="light" color={copied ? 'green' : undefined} onClick={copy}
              leftSection={copied ? <IconCheck size={20} /> : <IconCopy size={20} />}>
              {copied ? 'Lien copié' : 'Copier le lien de suivi'}
            </Button>
          )}
        </CopyButton>
        <Button size="lg" component={Link} to={path}>Suivre mon signalement</Button>
      </Stack>
    </Card>
  )
}
