import { SimpleGrid, Title } from '@mantine/core'
import type { Summary } from '../lib/chart-data'
import { DASH, formatCount, formatMeasure } from '../lib/format'
import { FigureCard } from './figure-card'

// The elevator's legal record (docs/compliance.md; definitions of analytics.schemas.ts, `legal`, in French).
const NONE = 'Affiché « — » quand il n’y a rien à mesurer.'
const percent = new Intl.NumberFormat('fr-FR', { style: 'percent', maximumFractionDigits: 0 })
/** A share from 0 to 1 as « 67 % »; null → « — ». */
const formatShare = (x: number | null) => (x === null ? DASH : percent.format(x))
const pair = (a: number | null, b: number | null) => (a === null ? DASH : `${formatMeasure(a)} / ${formatMeasure(b)}\u00a0min`)

/** Six-week visits, callbacks, first-time fixes, call → arrival and call → release: the carnet's figures for the fleet. */
export function LegalRecord({ summary }: { summary: Summary }) {
  const { visits, callbacks, arrival, release, inspections } = summary.legal
  return (
    <section aria-labelledby="legal-record">
      <Title order={2} size="h4" id="legal-record" mb="sm">Registre réglementaire</Title>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" mb="md">
        <FigureCard
          title="Ascenseurs visités sous six semaines" value={formatShare(visits.share)}
          details={[
            { label: 'À jour ou bientôt dus', value: formatCount(visits.withinSixWeeks) },
            { label: 'Sous contrat', value: formatCount(visits.underContract) },
          ]}
          footnote="Aujourd’hui, quelle que soit la période"
          definitions={[{ term: 'Ascenseurs visités sous six semaines', text: `Part des ascenseurs sous contrat de vos sites dont la visite d’entretien n’est pas en retard aujourd’hui (dernière visite il y a 42 jours au plus, ou jamais visité depuis moins de 42 jours) : la règle de l’arrêté du 18 novembre 2004, comme sur la fiche de l’ascenseur. ${NONE}` }]}
        />
        <FigureCard
          title="Taux de rappels sous 30 jours" value={formatShare(callbacks.rate)}
          details={[
            { label: 'Dépannages terminés', value: formatCount(callbacks.repairs) },
            { label: 'Suivis d’un rappel', value: formatCount(callbacks.calledBack) },
          ]}
          definitions={[{ term: 'Taux de rappels sous 30 jours', text: `Parmi les dépannages terminés sur la période (par leur date de fin), la part suivis d’un rappel : une nouvelle panne du même ascenseur, non annulée, dont l’appel arrive au plus 30 jours (720 heures, incluses) après la fin de la réparation. Les visites, contrôles et travaux ne comptent pas. Un dépannage terminé depuis moins de 30 jours peut encore être rappelé. ${NONE}` }]}
        />
        <FigureCard
          title="Réparé du premier coup" value={formatShare(callbacks.firstTimeFixRate)}
          details={[{ label: 'Sans rappel', value: formatCount(callbacks.repairs - callbacks.calledBack) }]}
          definitions={[{ term: 'Réparé du premier coup', text: `Parmi les dépannages terminés sur la période, la part non suivis d’un rappel sous 30 jours (le complément du taux de rappels). ${NONE}` }]}
        />
        <FigureCard
          title="Délai appel → arrivée (médiane / 90 %)" value={pair(arrival.medianMinutes, arrival.p90Minutes)}
          details={[{ label: 'Pannes mesurées', value: formatCount(arrival.measured) }]}
          definitions={[{ term: 'Délai appel → arrivée', text: `Sur les pannes créées sur la période (hors annulées) dont l’heure d’arrivée est enregistrée : la médiane et le 90e centile, en minutes, du temps entre l’appel (la demande, sinon la création de l’ordre) et « Arrivé sur place ». 90 % des interventions arrivent dans le second délai. ${NONE}` }]}
        />
        <FigureCard
          title="Délai appel → libération (médiane / 90 %)" value={pair(release.medianMinutes, release.p90Minutes)}
          details={[{ label: 'Libérations mesurées', value: formatCount(release.measured) }]}
          definitions={[{ term: 'Délai appel → libération', text: `Sur les pannes avec personne bloquée créées sur la période dont l’heure de libération est enregistrée : la médiane et le 90e centile, en minutes, du temps entre l’appel et « Personne libérée ». ${NONE}` }]}
        />
        <FigureCard
          title="Libérations en moins d’une heure" value={formatShare(release.withinHourShare)}
          details={[{ label: 'En moins d’une heure', value: `${formatCount(release.withinHour)} sur ${formatCount(release.measured)}` }]}
          definitions={[{ term: 'Libérations en moins d’une heure', text: `La part des libérations mesurées moins de 60 minutes après l’appel (59 min 59 s compte, 60 min non), comme dans le rapport annuel : l’objectif de la profession. ${NONE}` }]}
        />
        <FigureCard
          title="Contrôles techniques en retard" value={formatCount(inspections.overdue)}
          details={[
            { label: 'À faire sous 90 jours', value: formatCount(inspections.dueSoon) },
            { label: 'Observations à lever', value: formatCount(inspections.findingsOpen) },
          ]}
          footnote="Aujourd’hui, quelle que soit la période"
          definitions={[
            { term: 'Contrôles techniques en retard', text: 'Ascenseurs sous contrat de vos sites dont le dernier contrôle technique par un organisme agréé date de plus de cinq ans (décret 2004-964), ou jamais contrôlés depuis plus de cinq ans après leur entrée au registre ou leur mise en service : comme sur la fiche de l’ascenseur et le tableau de bord.' },
            { term: 'Observations à lever', text: 'Ordres de travail créés depuis une observation d’un contrôle technique (origine « Observation du contrôle technique »), ni terminés ni annulés.' },
          ]}
        />
      </SimpleGrid>
    </section>
  )
}
