import { describe, expect, it } from 'vitest'
import { initialReceipt, receiptBody, receiptErrors, validateReceipt } from './receipt'

const line = (id: string, quantity: number, receivedQuantity: number) => ({
  id, quantity, receivedQuantity, unitPriceCents: 100, totalCents: quantity * 100, part: { id: `p-${id}`, reference: 'P-000001', designation: 'Galet' },
})
const lines = [line('a', 5, 2), line('b', 3, 0), line('c', 4, 4)]

describe('a receipt in the dialog', () => {
  it('starts from what remains of each line still expected', () => {
    expect(initialReceipt(lines)).toEqual({ a: 3, b: 3 })
  })
  it('sends only the lines received now, 0 left out', () => {
    expect(receiptBody(lines, { a: 2, b: 0 })).toEqual([{ lineId: 'a', quantity: 2 }])
    expect(receiptBody(lines, { a: '3', b: 1 })).toEqual([{ lineId: 'a', quantity: 3 }, { lineId: 'b', quantity: 1 }])
  })
  it('refuses more than remains, a decimal, and a receipt of nothing', () => {
    expect(validateReceipt(lines, { a: 4, b: 1 })).toEqual({ a: 'Au plus 3 (reste à recevoir).' })
    expect(validateReceipt(lines, { a: 1.5, b: 1 })).toEqual({ a: 'Quantité entière, 0 au moins.' })
    expect(validateReceipt(lines, { a: 0, b: 0 })).toEqual({ receipt: 'Indiquez au moins une quantité reçue.' })
    expect(validateReceipt(lines, { a: 0, b: 2 })).toEqual({})
  })
  it('puts the API’s errors back on the line they name', () => {
    expect(receiptErrors([{ lineId: 'a' }, { lineId: 'b' }], { 'lines.1.quantity': 'au plus 1' })).toEqual({ b: 'au plus 1' })
  })
})
