import { Stack, Text, Title } from '@mantine/core'
import { useParams } from 'react-router'
import { usePortalAsset, useSendReport } from '../api/portal'
import { AssetCard } from '../components/asset-card'
import { Confirmation } from '../components/confirmation'
import { NotFoundPanel } from '../components/not-found-panel'
import { PortalQuery } from '../components/portal-query'
import { ReportForm } from '../components/report-form'

/** /p/:reference — where the QR code in the cabin leads. */
export function Component() {
  const reference = useParams().reference ?? ''
  const asset = usePortalAsset(reference)
  const report = useSendReport()
  return (
    <PortalQuery query={asset} notFound={(message) => <NotFoundPanel title="Ascenseur introuvable">{message}</NotFoundPanel>}>
      {(a) => report.created
        ? <Confirmation created={report.created} personBlocked={report.lastBody?.personBlocked ?? false} />
        : (
          <Stack gap="md">
            <AssetCard asset={a} />
            <Stack gap={2}>
              <Title order={2} fz={22}>Signaler une panne</Title>
              <Text size="sm" c="dimmed">Sans compte : votre signalement part directement à l’équipe de maintenance.</Text>
            </Stack>
            <ReportForm reference={a.reference} pending={report.pending} error={report.error} onSend={report.send} />
          </Stack>
        )}
    </PortalQuery>
  )
}
