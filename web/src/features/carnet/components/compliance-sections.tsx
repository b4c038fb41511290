// The carnet's legal record beyond the interventions (docs/compliance.md): the periodic
// operations done in the period (brakes, ropes, safety gear…) and the five-yearly technical
// inspections with how each finding was remedied; the summary's state at the period's end is
// in SummaryFacts (carnet and annual report alike).
import { visitStateLabel } from '@/config/labels'
import { findingText, formatDay, periodicityText, type Logbook } from '../lib/logbook-text'
import { printClasses as c } from './print-document'

export function PeriodicOperationsSection({ logbook }: { logbook: Logbook }) {
  const done = logbook.periodicOperations
  return (
    <section data-section="periodic-operations">
      <h3 className={c.sectionTitle}>Opérations périodiques ({done.length})</h3>
      <p className={c.note}>Opérations de périodicité supérieure au mois (arrêté du 18 novembre 2004), cochées sur une visite terminée de la période ; les tâches mensuelles sont faites à chaque visite.</p>
      {done.length === 0
        ? <p className={c.note}>Aucune opération périodique faite sur la période.</p>
        : (
          <ol className={c.entries}>
            {done.map((o) => (
              <li key={`${o.workOrderId}-${o.taskTemplateId}`} className={c.entry} data-operation={o.label}>
                <div className={c.entryHead}>
                  <span>{formatDay(o.doneAt)}</span>
                  <span>{o.label}</span>
                  <span>{o.reference}</span>
                </div>
                <p className={`${c.line} ${c.muted}`}>Périodicité {periodicityText(o.periodicityMonths)}</p>
              </li>
            ))}
          </ol>
        )}
    </section>
  )
}

export function InspectionsSection({ logbook }: { logbook: Logbook }) {
  const { inspections, summary } = logbook
  const state = summary.inspection
  return (
    <section data-section="inspections">
      <h3 className={c.sectionTitle}>Contrôles techniques et observations</h3>
      <p className={c.note}>
        Contrôle quinquennal par un organisme agréé (décret n° 2004-964). En fin de période :{' '}
        {state.lastInspectionAt ? `dernier contrôle le ${formatDay(state.lastInspectionAt)} (${state.body})` : 'aucun contrôle enregistré'}
        {state.nextDueAt ? `, prochain avant le ${formatDay(state.nextDueAt)}` : ''}
        {state.state ? ` — ${visitStateLabel[state.state].toLowerCase()}` : ''}.
      </p>
      {inspections.length === 0
        ? <p className={c.note}>Aucun contrôle technique sur la période, ni observation en suspens.</p>
        : (
          <ol className={c.entries}>
            {inspections.map((i) => (
              <li key={i.id} className={c.entry} data-inspection={i.id}>
                <div className={c.entryHead}>
                  <span>{formatDay(i.inspectedAt)}</span>
                  <span>Contrôle technique</span>
                  <span>{i.body}</span>
                  {i.inspectedAt.slice(0, 10) < logbook.from && <span>antérieur à la période, observations suivies</span>}
                </div>
                <p className={c.line}>Rapport : {i.reportDocumentName ?? 'non joint'}</p>
                {i.notes && <p className={c.line}>Notes : {i.notes}</p>}
                {i.findings.length === 0
                  ? <p className={c.line}>Aucune observation enregistrée.</p>
                  : (
                    <ul className={c.findings}>
                      {i.findings.map((f) => (
                        <li key={f.workOrderId} data-finding={f.reference}>
                          Observation {f.reference}{f.description ? ` : ${f.description}` : ''} — <strong>{findingText(f)}</strong>
                        </li>
                      ))}
                    </ul>
                  )}
              </li>
            ))}
          </ol>
        )}
    </section>
  )
}
