import { Button, Stack } from '@mantine/core'
import { IconPlus } from '@tabler/icons-react'
import { Fragment, useState } from 'react'
import { Link } from 'react-router'
import { AlertSoundSwitch } from '@/components/alert-sound-switch'
import { EmptyState } from '@/components/empty-state'
import { PageHeader } from '@/components/page-header'
import { paths } from '@/config/paths'
import { useMe } from '@/lib/auth/use-me'
import { IndicatorsPanel } from '../components/indicators-panel'
import { MyRequestsPanel } from '../components/my-requests-panel'
import { MyWorkPanel } from '../components/my-work-panel'
import { TriagePanel } from '../components/triage-panel'
import { VisitsPanel } from '../components/visits-panel'
import { InspectionsPanel } from '../components/inspections-panel'
import { panelsFor } from '../lib/panels'

export function Component() {
  const { me, can } = useMe()
  // One "now" per visit: late and today's work are judged against the same instant.
  const [now] = useState(() => new Date())
  const panels = panelsFor(can)
  const firstName = me?.displayName.split(' ')[0] ?? ''
  return (
    <>
      <PageHeader title="Tableau de bord" description={`Bonjour ${firstName}`}
        actions={<>
          {/* The desk and the technician's day announce what arrives (lib/alerts.ts). */}
          {(panels.includes('triage') || panels.includes('myWork')) && <AlertSoundSwitch />}
          {panels.includes('myRequests') && can('REQUESTS', 'create') && (
            <Button component={Link} to={paths.requests} leftSection={<IconPlus size={18} />}>Nouvelle demande</Button>
          )}
        </>} />
      <Stack gap="lg">
        {panels.map((p) => {
          switch (p) {
            case 'indicators': return <IndicatorsPanel key={p} />
            case 'triage': return <TriagePanel key={p} now={now} />
            case 'visits': return <Fragment key={p}><VisitsPanel /><InspectionsPanel /></Fragment>
            case 'myWork': return <MyWorkPanel key={p} now={now} />
            case 'myRequests': return <MyRequestsPanel key={p} />
          }
        })}
        {panels.length === 0 && <EmptyState title="Rien à suivre ici">Votre rôle ne donne accès à aucun suivi : utilisez le menu.</EmptyState>}
      </Stack>
    </>
  )
}
