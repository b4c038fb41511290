// How often a task is due, in words a maintenance manager uses.
const NAMED: Record<number, string> = {
  1: 'Mensuelle', 2: 'Bimestrielle', 3: 'Trimestrielle', 6: 'Semestrielle', 12: 'Annuelle',
}

/** 1 → "Mensuelle", 6 → "Semestrielle", 24 → "Tous les 2 ans", 5 → "Tous les 5 mois". */
export function periodicityLabel(months: number): string {
  if (NAMED[months]) return NAMED[months]
  if (months % 12 === 0) return `Tous les ${months / 12} ans`
  return `Tous les ${months} mois`
}
