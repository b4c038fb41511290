import { Alert, Anchor, Button, Card, CopyButton, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core'
import { IconCheck, IconCopy } from '@tabler/icons-react'
import { paths } from '@/config/paths'

/** Shown above the tracking page right after the report: the link is the page's own address,
 * so Back, a refresh or a bookmark keep it; copying it is offered once more. */
export function Confirmation({ reference, token, personBlocked }: { reference: string; token: string; personBlocked: boolean }) {
  const url = `${window.location.origin}${paths.portalTracking(reference, token)}`
  return (
    <Card withBorder radius="md" padding="lg">
      <Stack gap="md">
        <Group gap="sm" wrap="nowrap">
          <ThemeIcon size={48} radius="xl" color="green"><IconCheck size={28} /></ThemeIcon>
          <Title order={2} fz={22}>Signalement envoyé</Title>
        </Group>
        <Text>Votre signalement <Text span fw={700}>{reference}</Text> est bien reçu. Merci.</Text>
        {personBlocked && (
          <Alert color="red" title="Personne bloquée">Un technicien est envoyé en urgence. Rassurez la personne : l’aide arrive.</Alert>
        )}
        <Stack gap={6}>
          <Text fw={600}>Gardez ce lien pour suivre l’intervention</Text>
          <Text size="sm" c="dimmed">C’est l’adresse de cette page : ajoutez-la à vos favoris ou copiez-la. Elle n’est donnée qu’une fois.</Text>
          <Anchor href={url} style={{ wordBreak: 'break-all' }}>{url}</Anchor>
        </Stack>
        <CopyButton value={url}>
          {({ copied, copy }) => (
            <Button size="lg" variant="light" color={copied ? 'green' : undefined} onClick={copy}
              leftSection={copied ? <IconCheck size={20} /> : <IconCopy size={20} />}>
              {copied ? 'Lien copié' : 'Copier le lien de suivi'}
            </Button>
          )}
        </CopyButton>
      </Stack>
    </Card>
  )
}
