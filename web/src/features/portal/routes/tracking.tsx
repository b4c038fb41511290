import { Alert, Button, Card, Stack, Text, Title } from '@mantine/core'
import { IconRefresh } from '@tabler/icons-react'
import { useLocation, useParams } from 'react-router'
import { usePortalStatus } from '../api/portal'
import { Confirmation } from '../components/confirmation'
import { NotFoundPanel } from '../components/not-found-panel'
import { PortalQuery } from '../components/portal-query'
import { ProgressSteps } from '../components/progress-steps'
import { currentLabel, progressSteps } from '../lib/progress'
import { formatDateTime } from '@/lib/dates'

/** The history state the report page leaves when it hands over to this page. */
export interface SentState { sent: true; personBlocked: boolean }

const when = formatDateTime

/** /suivi/:reference/:token — the link given once at the report, and where the report lands. */
export function Component() {
  const { reference = '', token = '' } = useParams()
  const state = useLocation().state as Partial<SentState> | null
  const sent = state?.sent ? { personBlocked: state.personBlocked ?? false } : null
  const status = usePortalStatus(reference, token)
  return (
    <Stack gap="md">
      {sent && <Confirmation reference={reference} token={token} personBlocked={sent.personBlocked} />}
      <PortalQuery query={status} notFound={() => (
        <NotFoundPanel title="Signalement introuvable">
          Ce lien de suivi ne correspond à aucun signalement. Vérifiez qu’il est complet : il a été donné une seule fois, à l’envoi.
        </NotFoundPanel>
      )}>
        {(s) => {
          const steps = progressSteps(s.progress, s.steps)
          return (
            <Card withBorder radius="md" padding="lg">
              <Stack gap="md">
                <Stack gap={2}>
                  <Text size="sm" c="dimmed">Suivi du signalement</Text>
                  <Title order={1} fz={24}>{s.reference}</Title>
                  <Text>Ascenseur {s.assetReference}</Text>
                  <Text size="sm" c="dimmed">Envoyé le {when(s.createdAt)}</Text>
                </Stack>
                <Text fz="xl" fw={700} role="status">État : {currentLabel(s.label, steps)}</Text>
                {steps
                  ? <ProgressSteps steps={steps} />
                  : (
                    <Alert color="gray" title="Sans suite" variant="light">
                      <Text size="sm">Aucune intervention n’est prévue{s.reason ? ' :' : '.'}</Text>
                      {s.reason && <Text size="sm" fw={500} mt={4} style={{ whiteSpace: 'pre-wrap' }}>{s.reason}</Text>}
                    </Alert>
                  )}
                <Text size="sm" c="dimmed">Dernière mise à jour le {when(s.updatedAt)}</Text>
                <Button size="lg" variant="light" leftSection={<IconRefresh size={20} />} loading={status.isFetching} onClick={() => status.refetch()}>
                  Actualiser
                </Button>
              </Stack>
            </Card>
          )
        }}
      </PortalQuery>
    </Stack>
  )
}
