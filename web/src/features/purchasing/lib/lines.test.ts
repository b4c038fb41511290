import { describe, expect, it } from 'vitest'
import { parseStatus, statusToParams } from './filters'
import { formErrors, lineTotalCents, linesToBody, orderTotalCents, validateLines, type LineDraft } from './lines'

const line = (over: Partial<LineDraft>): LineDraft => ({ key: 'k', partId: 'p1', quantity: 1, unitPrice: '', ...over })

describe('purchase-order lines', () => {
  it('totals lines in cents without float drift', () => {
    expect(lineTotalCents(line({ quantity: 3, unitPrice: '19,99' }))).toBe(5997)
    expect(lineTotalCents(line({ quantity: 3, unitPrice: 0.1 }))).toBe(30)
    expect(orderTotalCents([line({ quantity: 2, unitPrice: 12.5 }), line({ quantity: 1, unitPrice: '' }), line({ quantity: 4, unitPrice: '1,05' })])).toBe(2920)
  })
  it('leaves an unpriced or bad quantity line out of the total', () => {
    expect(lineTotalCents(line({ quantity: 0, unitPrice: 5 }))).toBeNull()
    expect(lineTotalCents(line({ quantity: 1.5, unitPrice: 5 }))).toBeNull()
    expect(lineTotalCents(line({ quantity: 2, unitPrice: -1 }))).toBeNull()
  })
  it('validates each line under the API’s field names', () => {
    expect(validateLines([line({ partId: null, quantity: 0, unitPrice: '' })])).toEqual({
      'lines.0.partId': 'Choisissez une pièce.', 'lines.0.quantity': 'Quantité entière, 1 au moins.', 'lines.0.unitPriceCents': 'Prix unitaire en euros.',
    })
    expect(validateLines([])).toEqual({ lines: 'Ajoutez au moins une ligne.' })
    expect(validateLines([line({ unitPrice: '0' })])).toEqual({})
  })
  it('sends cents and maps the API’s errors to the form’s fields', () => {
    expect(linesToBody([line({ partId: 'a', quantity: '2', unitPrice: '7,5' })])).toEqual([{ partId: 'a', quantity: 2, unitPriceCents: 750 }])
    expect(formErrors({ 'lines.1.partId': 'x', 'lines.0.unitPriceCents': 'y', supplierId: 'z' })).toEqual({ 'lines.1.partId': 'x', 'lines.0.unitPrice': 'y', supplierId: 'z' })
  })
  it('keeps the status filter in the address', () => {
    expect(parseStatus(new URLSearchParams('statut=SENT'))).toBe('SENT')
    expect(parseStatus(new URLSearchParams('statut=nope'))).toBeUndefined()
    expect(statusToParams('DRAFT').toString()).toBe('statut=DRAFT')
    expect(statusToParams(undefined).toString()).toBe('')
  })
})
