// The lines of a new purchase order as the form holds them (unit price typed in euros), their
// live total in cents, the body sent to the API, and the API's line errors put back on lines.
import { eurosToCents } from '@/lib/money'

export interface LineDraft {
  key: string
  partId: string | null
  quantity: number | string
  unitPrice: number | string
}

let counter = 0
export function emptyLine(): LineDraft {
  counter += 1
  return { key: `l${counter}`, partId: null, quantity: 1, unitPrice: '' }
}

function quantityOf(line: LineDraft): number | null {
  const q = typeof line.quantity === 'number' ? line.quantity : Number(String(line.quantity).trim())
  return Number.isInteger(q) && q >= 1 ? q : null
}

/** A line's total in cents, null while its quantity or price is not a valid amount. */
export function lineTotalCents(line: LineDraft): number | null {
  const q = quantityOf(line)
  const price = eurosToCents(line.unitPrice)
  return q === null || price === null || price < 0 ? null : q * price
}

/** The order's total: the lines that can be priced. */
export function orderTotalCents(lines: LineDraft[]): number {
  return lines.reduce((sum, l) => sum + (lineTotalCents(l) ?? 0), 0)
}

/** What the form says before sending, keyed like the API's errors (`lines.0.partId`). */
export function validateLines(lines: LineDraft[]): Record<string, string> {
  const errors: Record<string, string> = {}
  if (lines.length === 0) errors.lines = 'Ajoutez au moins une ligne.'
  lines.forEach((l, i) => {
    if (!l.partId) errors[`lines.${i}.partId`] = 'Choisissez une pièce.'
    if (quantityOf(l) === null) errors[`lines.${i}.quantity`] = 'Quantité entière, 1 au moins.'
    const price = eurosToCents(l.unitPrice)
    if (price === null || price < 0) errors[`lines.${i}.unitPriceCents`] = 'Prix unitaire en euros.'
  })
  return errors
}

export function linesToBody(lines: LineDraft[]) {
  return lines.map((l) => ({ partId: l.partId!, quantity: quantityOf(l)!, unitPriceCents: eurosToCents(l.unitPrice)! }))
}

/** The API names the price `unitPriceCents`; the form's field is `unitPrice`. */
export function formErrors(apiErrors: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {}
  for (const [field, message] of Object.entries(apiErrors)) out[field.replace(/\.unitPriceCents$/, '.unitPrice')] = message
  return out
}
