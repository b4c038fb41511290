import { Stack, Text, Title } from '@mantine/core'
import { useEffect } from 'react'
import { useNavigate, useParams } from 'react-router'
import { paths } from '@/config/paths'
import { usePortalAsset, useSendReport } from '../api/portal'
import { AssetCard } from '../components/asset-card'
import { NotFoundPanel } from '../components/not-found-panel'
import { PortalQuery } from '../components/portal-query'
import { ReportForm } from '../components/report-form'
import type { SentState } from './tracking'

/** /p/:reference — where the QR code in the cabin leads. */
export function Component() {
  const reference = useParams().reference ?? ''
  const asset = usePortalAsset(reference)
  const report = useSendReport()
  const navigate = useNavigate()
  const { created, lastBody } = report
  // Once sent, the page becomes the tracking page (replacing the form in the history): its
  // address is the tracking link, so Back, a refresh or a bookmark keep it, and Back never
  // lands on an empty form that would send the same fault twice.
  useEffect(() => {
    if (!created) return
    const state: SentState = { sent: true, personBlocked: lastBody?.personBlocked ?? false }
    navigate(paths.portalTracking(created.reference, created.trackingToken), { replace: true, state })
  }, [created, lastBody, navigate])
  return (
    <PortalQuery query={asset} notFound={(message) => <NotFoundPanel title="Ascenseur introuvable">{message}</NotFoundPanel>}>
      {(a) => (
        <Stack gap="md">
          <AssetCard asset={a} />
          <Stack gap={2}>
            <Title order={2} fz={22}>Signaler une panne</Title>
            <Text size="sm" c="dimmed">Sans compte : votre signalement part directement à l’équipe de maintenance.</Text>
          </Stack>
          <ReportForm reference={a.reference} pending={report.pending || !!created} error={report.error} onSend={report.send} />
        </Stack>
      )}
    </PortalQuery>
  )
}
