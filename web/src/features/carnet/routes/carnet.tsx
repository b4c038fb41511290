// /equipements/:id/carnet — the carnet d'entretien of one elevator for a period (by default the
// last twelve months), A4 and printable (docs/compliance.md, "Carnet d'entretien").
import { Alert, Anchor, Breadcrumbs, Button, Group, Stack, TextInput } from '@mantine/core'
import { IconPrinter } from '@tabler/icons-react'
import { useMemo } from 'react'
import { Link, useParams, useSearchParams } from 'react-router'
import { PageHeader } from '@/components/page-header'
import { QueryState } from '@/components/query-state'
import { visitStateLabel } from '@/config/labels'
import { paths } from '@/config/paths'
import { useLocations } from '@/features/locations'
import type { Schemas } from '@/lib/api/client'
import { useMe } from '@/lib/auth/use-me'
import { useAssetLogbook } from '../api/logbook'
import { LogbookEntryItem } from '../components/logbook-entry'
import { InspectionsSection, PeriodicOperationsSection } from '../components/compliance-sections'
import { Fact, PrintDocument, printClasses as c } from '../components/print-document'
import { SummaryFacts } from '../components/summary-facts'
import { formatDay, periodText } from '../lib/logbook-text'
import { lastTwelveMonths, periodProblem, type Period } from '../lib/period'
import { de } from '@/lib/french'
import { formatDateTime } from '@/lib/dates'

export function Component() {
  const { id = '' } = useParams()
  const [params, setParams] = useSearchParams()
  const fallback = useMemo(() => lastTwelveMonths(new Date()), [])
  const period: Period = { from: params.get('du') ?? fallback.from, to: params.get('au') ?? fallback.to }
  const problem = periodProblem(period)
  const query = useAssetLogbook(id, problem ? null : period)
  const setDay = (key: 'du' | 'au', value: string) => {
    const next = new URLSearchParams(params)
    next.set('du', period.from)
    next.set('au', period.to)
    next.set(key, value)
    setParams(next, { replace: true })
  }

  return (
    <Stack gap="md">
      <div data-print-hide>
        <Breadcrumbs separator="›" mb="xs">
          <Anchor component={Link} to={paths.assets} size="sm">Équipements</Anchor>
          <Anchor component={Link} to={paths.asset(id)} size="sm">{query.data?.reference ?? 'Équipement'}</Anchor>
        </Breadcrumbs>
        <PageHeader title="Carnet d’entretien" description="Chaque visite et intervention de la période, prêt à imprimer (A4)."
          actions={<Button leftSection={<IconPrinter size={18} />} onClick={() => window.print()} disabled={!query.data}>Imprimer</Button>} />
        <Group align="flex-end" gap="sm">
          <TextInput type="date" label="Du" value={period.from} onChange={(e) => setDay('du', e.currentTarget.value)} w={170} />
          <TextInput type="date" label="Au" value={period.to} onChange={(e) => setDay('au', e.currentTarget.value)} w={170} />
          <Button variant="default" onClick={() => setParams({}, { replace: true })}>12 derniers mois</Button>
        </Group>
        {problem && <Alert color="yellow" mt="sm" role="status">{problem}</Alert>}
      </div>
      {!problem && (
        <QueryState query={query} notFound="Ascenseur introuvable">
          {(asset) => <Carnet asset={asset} />}
        </QueryState>
      )}
    </Stack>
  )
}

function Carnet({ asset }: { asset: Schemas['AssetDetail'] }) {
  const { can } = useMe()
  const locations = useLocations(can('LOCATIONS'))
  const site = locations.data?.locations.find((l) => l.id === asset.siteId)
  const logbook = asset.logbook
  if (!logbook) return null
  const printed = formatDateTime(new Date())
  const address = [asset.address, asset.city].filter(Boolean).join(', ')
  return (
    <PrintDocument label={`Carnet d’entretien ${de(asset.reference)}`}
      header={<><strong>Carnet d’entretien — {asset.reference}</strong><span>{asset.siteName}</span><span>{periodText(logbook.from, logbook.to)}</span></>}
      footer={<>Édité par Palier le {printed} · {asset.reference} · les heures sont celles du fuseau de l’appareil qui imprime.</>}>
      <h2 className={c.title}>Carnet d’entretien de l’ascenseur {asset.reference}</h2>
      <p className={c.subtitle}>Période {periodText(logbook.from, logbook.to)} — arrêté du 18 novembre 2004 relatif à l’entretien des installations d’ascenseurs.</p>

      <section className={c.block}>
        <h3 className={c.sectionTitle}>Identification</h3>
        <dl className={c.facts}>
          <Fact label="Référence">{asset.reference}</Fact>
          <Fact label="Marque et modèle">{[asset.brand, asset.model].filter(Boolean).join(' ')}</Fact>
          <Fact label="Type">{asset.categoryName}</Fact>
          <Fact label="N° de série">{asset.serialNumber ?? '—'}</Fact>
          <Fact label="Mise en service">{asset.commissionedAt ? formatDay(asset.commissionedAt) : '—'}</Fact>
          <Fact label="Charge · niveaux">{[asset.loadKg && `${asset.loadKg} kg`, asset.floors && `${asset.floors} niveaux`].filter(Boolean).join(' · ') || '—'}</Fact>
          <Fact label="Adresse">{address || '—'}</Fact>
          <Fact label="Site · emplacement">{asset.siteName === asset.locationName ? asset.siteName : `${asset.siteName} · ${asset.locationName}`}</Fact>
          <Fact label="Propriétaire (gestionnaire)">{site?.partnerName ?? '—'}</Fact>
          <Fact label="Contrat de maintenance">{asset.underContract ? 'Sous contrat' : 'Hors contrat'}</Fact>
          <Fact label="Visite six semaines">{asset.visitState ? `${visitStateLabel[asset.visitState]}${asset.lastVisitAt ? `, dernière le ${formatDay(asset.lastVisitAt)}` : ''}` : 'Non due'}</Fact>
        </dl>
      </section>

      <section className={c.block}>
        <h3 className={c.sectionTitle}>Synthèse de la période</h3>
        <SummaryFacts summary={logbook.summary} />
      </section>

      <section>
        <h3 className={c.sectionTitle}>Visites et interventions ({logbook.entries.length})</h3>
        {logbook.entries.length === 0
          ? <p className={c.note}>Aucune visite ni intervention terminée sur la période.</p>
          : <ol className={c.entries}>{logbook.entries.map((e) => <LogbookEntryItem key={e.workOrderId} entry={e} />)}</ol>}
      </section>

      <PeriodicOperationsSection logbook={logbook} />
      <InspectionsSection logbook={logbook} />
    </PrintDocument>
  )
}
