// Mantine's date pickers name their controls in English by default.
export const calendarAriaLabels = {
  monthLevelControl: 'Choisir le mois',
  yearLevelControl: 'Choisir l’année',
  nextMonth: 'Mois suivant',
  previousMonth: 'Mois précédent',
  nextYear: 'Année suivante',
  previousYear: 'Année précédente',
  nextDecade: 'Décennie suivante',
  previousDecade: 'Décennie précédente',
}
