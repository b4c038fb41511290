// /sites/:id/rapport-annuel?annee=YYYY — the owner's annual activity report of a site: for
// each elevator the year's figures (getAsset with the year as its period, all read in
// parallel), A4 and printable (docs/compliance.md, "Rapport annuel d'activité").
import { Alert, Anchor, Breadcrumbs, Button, Select, Stack } from '@mantine/core'
import { IconPrinter } from '@tabler/icons-react'
import { useMemo } from 'react'
import { Link, useParams, useSearchParams } from 'react-router'
import { EmptyState } from '@/components/empty-state'
import { PageHeader } from '@/components/page-header'
import { PageLoader } from '@/components/page-loader'
import { QueryState } from '@/components/query-state'
import { visitStateLabel } from '@/config/labels'
import { paths } from '@/config/paths'
import { useLocations } from '@/features/locations'
import type { Schemas } from '@/lib/api/client'
import { errorMessage } from '@/lib/api/errors'
import { REPORT_MAX_ASSETS, useSiteAssetList, useSiteLogbooks } from '../api/logbook'
import { Fact, PrintDocument, printClasses as c } from '../components/print-document'
import { SummaryFacts } from '../components/summary-facts'
import { formatDay, periodText, plural } from '../lib/logbook-text'
import { yearOf, yearPeriod } from '../lib/period'
import { de } from '@/lib/french'
import { formatDate } from '@/lib/dates'

type Detail = Schemas['AssetDetail']

export function Component() {
  const { id = '' } = useParams()
  const [params, setParams] = useSearchParams()
  const today = useMemo(() => new Date(), [])
  const year = yearOf(params.get('annee'), today)
  const years = Array.from({ length: 6 }, (_, i) => String(today.getUTCFullYear() - i))
  const locations = useLocations()
  const site = locations.data?.locations.find((l) => l.id === id)
  const assets = useSiteAssetList(id)

  return (
    <Stack gap="md">
      <div data-print-hide>
        <Breadcrumbs separator="›" mb="xs">
          <Anchor component={Link} to={paths.sites} size="sm">Sites</Anchor>
          <Anchor component={Link} to={paths.siteAssets(id)} size="sm">{site?.name ?? 'Site'}</Anchor>
        </Breadcrumbs>
        <PageHeader title="Rapport annuel d’activité" description="Pour le propriétaire : l’entretien et les pannes de chaque ascenseur du site sur l’année."
          actions={<Button leftSection={<IconPrinter size={18} />} onClick={() => window.print()} disabled={!assets.data}>Imprimer</Button>} />
        <Select label="Année" data={years} value={String(year)} w={140} allowDeselect={false}
          onChange={(v) => v && setParams({ annee: v }, { replace: true })} />
      </div>
      <QueryState query={assets}>
        {(list) => {
          if (list.length === 0) return <EmptyState title="Aucun équipement sur ce site">Le rapport porte sur les ascenseurs du site.</EmptyState>
          return (
            <>
              {list.length >= REPORT_MAX_ASSETS && <Alert color="yellow" data-print-hide>Seuls les {REPORT_MAX_ASSETS} premiers équipements figurent au rapport.</Alert>}
              <Report ids={list.map((a) => a.id)} year={year} siteName={site?.name ?? list[0]!.siteName}
                siteAddress={site ? [site.address, site.city].filter(Boolean).join(', ') : ''} owner={site?.partnerName ?? null} />
            </>
          )
        }}
      </QueryState>
    </Stack>
  )
}

function Report({ ids, year, siteName, siteAddress, owner }: { ids: string[]; year: number; siteName: string; siteAddress: string; owner: string | null }) {
  const period = yearPeriod(year)
  const results = useSiteLogbooks(ids, period)
  const failed = results.find((r) => r.error)
  if (failed) return <Alert color="red" title="Chargement impossible">{errorMessage(failed.error)}</Alert>
  if (results.some((r) => !r.data)) return <PageLoader />
  const details = results.map((r) => r.data as Detail)
  const sum = (pick: (s: NonNullable<Detail['logbook']>['summary']) => number | null) => details.reduce((n, d) => n + (pick(d.logbook!.summary) ?? 0), 0)
  const printed = formatDate(new Date())
  return (
    <PrintDocument label={`Rapport annuel d’activité ${year} ${de(siteName)}`}
      header={<><strong>Rapport annuel d’activité {year}</strong><span>{siteName}</span><span>{plural(details.length, 'ascenseur', 'ascenseurs')}</span></>}
      footer={<>Édité par Palier le {printed} · {siteName} · année {year}</>}>
      <h2 className={c.title}>Rapport annuel d’activité {year} — {siteName}</h2>
      <p className={c.subtitle}>Période {periodText(period.from, period.to)}{year === new Date().getFullYear() ? ' (année en cours : chiffres arrêtés à ce jour)' : ''}.</p>
      <section className={c.block}>
        <h3 className={c.sectionTitle}>Le site</h3>
        <dl className={c.facts}>
          <Fact label="Site">{siteName}</Fact>
          <Fact label="Adresse">{siteAddress || '—'}</Fact>
          <Fact label="Propriétaire (gestionnaire)">{owner ?? '—'}</Fact>
          <Fact label="Ascenseurs">{details.length}</Fact>
          <Fact label="Visites faites / dues">{`${sum((s) => s.visitsDone)} / ${sum((s) => s.visitsDue)}`}</Fact>
          <Fact label="Pannes · rappels">{`${sum((s) => s.breakdowns)} · ${sum((s) => s.callbacks)}`}</Fact>
          <Fact label="Personnes bloquées">{sum((s) => s.trappedIncidents)}</Fact>
          <Fact label="Pièces remplacées">{sum((s) => s.partsReplaced)}</Fact>
          <Fact label="Opérations périodiques faites · en retard">{`${sum((s) => s.periodicOperations.reduce((n, o) => n + o.doneCount, 0))} · ${sum((s) => s.periodicOperationsOverdue)}`}</Fact>
          <Fact label="Contrôles techniques en retard">{details.filter((d) => d.logbook!.summary.inspection.state === 'OVERDUE').length}</Fact>
          <Fact label="Observations levées · non levées">{`${sum((s) => s.findingsRemedied)} · ${sum((s) => s.findingsOpen)}`}</Fact>
        </dl>
      </section>
      {details.map((d) => (
        <section key={d.id} className={c.block} data-asset={d.reference}>
          <h3 className={c.sectionTitle}>{d.reference} — {[d.brand, d.model].filter(Boolean).join(' ')}{d.locationName !== d.siteName ? ` · ${d.locationName}` : ''}</h3>
          <p className={c.note}>
            {d.underContract ? 'Sous contrat de maintenance' : 'Hors contrat'}
            {d.visitState ? ` · visite six semaines : ${visitStateLabel[d.visitState].toLowerCase()}` : ''}
            {d.lastVisitAt ? ` (dernière le ${formatDay(d.lastVisitAt)})` : ''}
            <span data-print-hide> · <Anchor component={Link} to={`${paths.assetLogbook(d.id)}?du=${period.from}&au=${period.to}`}>carnet d’entretien de {d.reference}</Anchor></span>
          </p>
          <SummaryFacts summary={d.logbook!.summary} />
        </section>
      ))}
    </PrintDocument>
  )
}
