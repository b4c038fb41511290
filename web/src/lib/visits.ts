// The six-week visit in words (docs/compliance.md): what the elevator page and the dashboard
// say next to the state's badge. The API counts the days (UTC calendar days); this only words them.

const days = (n: number) => `${n} jour${n > 1 ? 's' : ''}`

/** « En retard de 8 jours », « Dû aujourd’hui », « 4 jours restants ». */
export function visitDaysText(daysLeft: number): string {
  if (daysLeft < 0) return `En retard de ${days(-daysLeft)}`
  if (daysLeft === 0) return 'Dû aujourd’hui'
  return `${days(daysLeft)} restant${daysLeft > 1 ? 's' : ''}`
}
