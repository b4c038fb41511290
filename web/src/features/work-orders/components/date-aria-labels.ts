import type { CalendarAriaLabels } from '@mantine/dates'

/** Mantine's calendar arrows are named in English by default (the month/year headers are
 * named by their visible text: an aria-label there would hide it, axe label-content-name-mismatch). */
export const DATE_ARIA_LABELS: CalendarAriaLabels = {
  nextMonth: 'Mois suivant', previousMonth: 'Mois précédent',
  nextYear: 'Année suivante', previousYear: 'Année précédente',
  nextDecade: 'Décennie suivante', previousDecade: 'Décennie précédente',
}

/**
 * Props every date picker here takes: French arrows; weekends and other months' days drawn in
 * the ordinary colour (Mantine's pale red and grey read under 4.5:1), the placeholder too; and
 * the input's id given to the dropdown, which is then named by the input's text (axe
 * aria-dialog-name): give the picker a placeholder so that text is never empty.
 */
export function datePickerA11y(id: string) {
  return {
    id, popoverProps: { id }, ariaLabels: DATE_ARIA_LABELS, weekendDays: [] as (0 | 1 | 2 | 3 | 4 | 5 | 6)[], hideOutsideDates: true,
    styles: { placeholder: { color: 'var(--mantine-color-dimmed)' } },
  }
}
