// A receipt as the « Réceptionner » dialog holds it: per line, the quantity delivered now
// (prefilled with what remains, 0 allowed), checked against what remains, and the body sent
// to the API (lines at 0 left out), with the API's line errors put back on the dialog's lines.
import type { Schemas } from '@/lib/api/client'

type Line = Schemas['PurchaseOrder']['lines'][number]

export const remainingOf = (line: Line) => line.quantity - line.receivedQuantity

/** Each line still expected and what remains of it: the dialog's starting values. */
export function initialReceipt(lines: Line[]): Record<string, number | string> {
  return Object.fromEntries(lines.filter((l) => remainingOf(l) > 0).map((l) => [l.id, remainingOf(l)]))
}

function quantityOf(value: number | string | undefined): number | null {
  const q = typeof value === 'number' ? value : Number(String(value ?? '').trim() || NaN)
  return Number.isInteger(q) && q >= 0 ? q : null
}

/** What the dialog says before sending, keyed by line id; `receipt` when nothing is received. */
export function validateReceipt(lines: Line[], values: Record<string, number | string>): Record<string, string> {
  const errors: Record<string, string> = {}
  let any = false
  for (const line of lines) {
    if (!(line.id in values)) continue
    const q = quantityOf(values[line.id])
    if (q === null) errors[line.id] = 'Quantité entière, 0 au moins.'
    else if (q > remainingOf(line)) errors[line.id] = `Au plus ${remainingOf(line)} (reste à recevoir).`
    else if (q > 0) any = true
  }
  if (!any && Object.keys(errors).length === 0) errors.receipt = 'Indiquez au moins une quantité reçue.'
  return errors
}

/** The API's body: the lines received now (0 left out), in the order's line order. */
export function receiptBody(lines: Line[], values: Record<string, number | string>) {
  return lines.flatMap((l) => {
    const q = l.id in values ? quantityOf(values[l.id]) : null
    return q ? [{ lineId: l.id, quantity: q }] : []
  })
}

/** The API names `lines.i.quantity` by its index in the body sent: back to the line's id. */
export function receiptErrors(sent: { lineId: string }[], apiErrors: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {}
  for (const [field, message] of Object.entries(apiErrors)) {
    const m = /^lines\.(\d+)\./.exec(field)
    const line = m ? sent[Number(m[1])] : undefined
    out[line ? line.lineId : 'receipt'] = message
  }
  return out
}
