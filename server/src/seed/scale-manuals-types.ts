// The shape of seed:scale's library (scale-manuals*.ts): families of equipment from invented
// makers, each with three models whose manuals share a plan but not their values, so that a
// question about one model is not answered by another's page.
import type { PageSpec } from '../lib/pdf-writer.ts'

export interface ScaleFamily {
  brand: string
  models: [string, string, string]
  /** The COMPONENT_TYPE category of the equipment (null: none fits, no component row). */
  componentType: string | null
  title: (model: string) => string
  /** The manual of one model (`k`: 0, 1 or 2, the model's rank). One PageSpec is one page. */
  pages: (model: string, k: number) => PageSpec[]
  /**
   * What a technician writes in a report about this equipment (notes of orders on the
   * elevator the manual is attached to): its codes and values, typed on a phone.
   */
  notes: (model: string, k: number) => string[]
}

/** One of three values by the model's rank. */
export const by = <T>(k: number, ...values: [T, T, T]): T => values[k]!
