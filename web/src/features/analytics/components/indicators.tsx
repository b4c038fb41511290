import { SimpleGrid } from '@mantine/core'
import { workOrderStatusLabel } from '@/config/labels'
import { costRows, laborShown, totals, type Summary } from '../lib/chart-data'
import { LABOR_WITHHELD } from './costs-chart'
import { formatCount, formatEuros, formatMeasure, formatRate, plural } from '../lib/format'
import { FigureCard } from './figure-card'

// The definitions are the API's (server/src/modules/analytics/analytics.schemas.ts, docs/analytics.md), in French.
const NONE = 'Affiché « — » quand il n’y a rien à mesurer.'

/** Backlog, breakdowns, trapped persons, MTBF, MTTR and costs: the cards at the top of the page. */
export function Indicators({ summary }: { summary: Summary }) {
  const { backlog, breakdowns, reliability, trapped } = summary
  const costs = totals(costRows(summary.monthly), ['parts', 'labor'])
  const withLabor = laborShown(summary.monthly)
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" mb="md">
      <FigureCard
        title="Ordres non terminés" value={formatCount(backlog.total)}
        details={(['OPEN', 'IN_PROGRESS', 'ON_HOLD'] as const).map((s) => ({ label: workOrderStatusLabel[s], value: formatCount(backlog[s]) }))}
        definitions={[{ term: 'Ordres non terminés', text: 'Les ordres ouverts, en cours ou en attente aujourd’hui, par état, quelle que soit la période choisie (ni terminés ni annulés).' }]}
        footnote="Aujourd’hui, quelle que soit la période"
      />
      <FigureCard
        title="Pannes" value={formatCount(breakdowns.total)}
        details={[
          { label: 'Par ascenseur et par an', value: formatMeasure(breakdowns.perElevatorPerYear) },
          { label: 'Ascenseurs', value: formatCount(breakdowns.elevators) },
        ]}
        definitions={[
          { term: 'Pannes', text: 'Les ordres de dépannage créés sur la période, sauf ceux annulés (un doublon n’est pas une panne).' },
          { term: 'Par ascenseur et par an', text: `Pannes ÷ ascenseurs, ramené à douze mois. Un parc en bonne santé : environ 2 à 4. ${NONE}` },
          { term: 'Ascenseurs', text: 'Les équipements de vos sites, quel que soit leur état.' },
        ]}
      />
      <FigureCard
        title="Personnes bloquées" value={plural(trapped.calls, 'appel', 'appels')}
        details={[
          { label: 'Libérées', value: formatCount(trapped.released) },
          { label: 'Délai moyen de libération', value: formatMeasure(trapped.meanReleaseMinutes, 'min') },
          { label: 'Libérées en moins d’une heure', value: trapped.released > 0 ? `${formatCount(trapped.releasedWithinHour)} (${formatRate(trapped.releasedWithinHour, trapped.released)})` : formatCount(trapped.releasedWithinHour) },
        ]}
        definitions={[
          { term: 'Appels', text: 'Les pannes avec une personne bloquée dans la cabine, créées sur la période.' },
          { term: 'Libérées', text: 'Celles dont l’heure de libération est enregistrée.' },
          { term: 'Délai moyen de libération', text: `Moyenne, en minutes, du temps entre l’appel et la libération, sur les personnes libérées. ${NONE}` },
          { term: 'Libérées en moins d’une heure', text: 'Libérées dans les 60 minutes suivant l’appel : l’objectif de la profession. Entre parenthèses, la part des personnes libérées.' },
        ]}
      />
      <FigureCard
        title="MTBF" value={formatMeasure(reliability.mtbfHours, 'h')}
        footnote={reliability.mtbfHours === null ? 'Temps moyen entre deux pannes : aucune panne sur la période' : 'Temps moyen entre deux pannes'}
        definitions={[{ term: 'MTBF (temps moyen entre pannes)', text: `Heures de fonctionnement du parc sur la période (ascenseurs × heures du début de la période à maintenant, arrêts non déduits) ÷ pannes. ${NONE}` }]}
      />
      <FigureCard
        title="MTTR" value={formatMeasure(reliability.mttrHours, 'h')}
        details={[{ label: 'Dépannages terminés', value: formatCount(reliability.repairs) }]}
        footnote={reliability.mttrHours === null ? 'Temps moyen de réparation : aucun dépannage terminé sur la période' : 'Temps moyen de réparation, depuis l’appel'}
        definitions={[
          { term: 'MTTR (temps moyen de réparation)', text: `Moyenne, en heures, du temps entre l’appel (création de l’ordre) et la fin des dépannages terminés sur la période. ${NONE}` },
          { term: 'Dépannages terminés', text: 'Le nombre de dépannages terminés sur la période, sur lesquels le MTTR est calculé.' },
        ]}
      />
      <FigureCard
        title="Coûts" value={formatEuros(withLabor ? costs.parts + costs.labor : costs.parts)}
        details={[
          { label: 'Pièces', value: formatEuros(costs.parts) },
          { label: 'Main-d’œuvre', value: withLabor ? formatEuros(costs.labor) : '—' },
        ]}
        footnote={withLabor ? 'Sur les ordres de la période' : `Pièces seulement, sur les ordres de la période. ${LABOR_WITHHELD}`}
        definitions={[
          { term: 'Pièces', text: 'Les pièces consommées sur les ordres pendant la période, au prix unitaire figé à chaque consommation.' },
          { term: 'Main-d’œuvre', text: 'Les temps saisis pour les jours de la période, au taux horaire figé de chaque saisie.' },
        ]}
      />
    </SimpleGrid>
  )
}
