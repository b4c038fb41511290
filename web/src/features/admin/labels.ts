// French labels of the enums shown in Administration.
import type { Schemas } from '@/lib/api/client'

export const userStatusLabel: Record<Schemas['UserAdmin']['status'], string> = {
  active: 'Actif', invited: 'Invité', disabled: 'Désactivé',
}
export const userStatusColor: Record<Schemas['UserAdmin']['status'], string> = {
  active: 'green', invited: 'blue', disabled: 'gray',
}
export const partnerKindLabel: Record<Schemas['Partner']['kind'], string> = {
  SUPPLIER: 'Fournisseur', CLIENT: 'Gestionnaire de biens',
}
export const categoryKindLabel: Record<Schemas['Category']['kind'], string> = {
  EQUIPMENT: 'Familles d’équipements', COMPONENT_TYPE: 'Types de composants',
}
