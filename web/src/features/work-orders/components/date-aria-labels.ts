import type { CalendarAriaLabels } from '@mantine/dates'

/** Mantine's calendar controls are named in English by default. */
export const DATE_ARIA_LABELS: CalendarAriaLabels = {
  monthLevelControl: 'Choisir le mois', yearLevelControl: 'Choisir l’année',
  nextMonth: 'Mois suivant', previousMonth: 'Mois précédent',
  nextYear: 'Année suivante', previousYear: 'Année précédente',
  nextDecade: 'Décennie suivante', previousDecade: 'Décennie précédente',
}
