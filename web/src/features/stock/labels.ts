import type { Schemas } from '@/lib/api/client'

export const movementKindLabel: Record<Schemas['StockMovement']['kind'], string> = {
  RECEIPT: 'Réception',
  MANUAL: 'Entrée manuelle',
  ADJUSTMENT: 'Ajustement',
  CONSUMPTION: 'Consommation',
}
