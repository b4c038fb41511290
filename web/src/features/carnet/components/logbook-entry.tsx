// One visit or intervention of the carnet: its kind, date and reference, then the times, the
// technicians, what was found and done, the parts replaced and a trapped person's release.
import { kindLabel, formatDay, minutesText, reportLine, timeOn, type LogbookEntry } from '../lib/logbook-text'
import { printClasses as c } from './print-document'

export function LogbookEntryItem({ entry }: { entry: LogbookEntry }) {
  const day = entry.completedAt
  const times = [
    entry.callReceivedAt && `Appel reçu ${timeOn(entry.callReceivedAt, day)}`,
    entry.arrivedAt && `Arrivée ${timeOn(entry.arrivedAt, day)}`,
    !entry.arrivedAt && entry.startedAt && `Début ${timeOn(entry.startedAt, day)}`,
    entry.leftAt && `Départ ${timeOn(entry.leftAt, day)}`,
    `Terminé ${timeOn(entry.completedAt, day)}`,
  ].filter(Boolean).join(' · ')
  const { report } = entry
  const findings = reportLine(report)
  const done = [report.action, report.result].filter(Boolean).join(' · ')
  return (
    <li className={c.entry} data-entry={entry.reference}>
      <div className={c.entryHead}>
        <span>{formatDay(day)}</span>
        <span>{kindLabel[entry.kind]}</span>
        <span>{entry.reference}</span>
        {entry.callbackOf && <span>Rappel (panne de {entry.callbackOf})</span>}
      </div>
      {entry.description && <p className={c.line}>{entry.description}</p>}
      <p className={`${c.line} ${c.muted}`}>{times}</p>
      {entry.personBlocked && (
        <p className={c.line}>
          <strong>Personne bloquée</strong>
          {entry.releasedAt
            ? ` : libérée à ${timeOn(entry.releasedAt, day)}${entry.releaseDelayMinutes !== null ? `, ${minutesText(entry.releaseDelayMinutes)} après l’appel` : ''}`
            : ' : heure de libération non enregistrée'}
        </p>
      )}
      <p className={c.line}>Intervenants : {entry.technicians.length ? entry.technicians.join(', ') : 'non renseignés'}</p>
      {findings && <p className={c.line}>Constat : {findings}</p>}
      {done && <p className={c.line}>Travaux : {done}</p>}
      {report.circumstance && <p className={c.line}>Circonstance : {report.circumstance}</p>}
      {report.notes && <p className={c.line}>Notes : {report.notes}</p>}
      {entry.parts.length > 0 && (
        <p className={c.line}>Pièces remplacées : {entry.parts.map((p) => `${p.quantity} × ${p.designation} (${p.reference})`).join(', ')}</p>
      )}
    </li>
  )
}
