// One reading of a typed or pasted decimal, for every money and decimal field: people paste
// « 39.9 » from a supplier's site, « 39,90 € » from an invoice, type « 1 234,5 ». Without this,
// a French-comma input dropped the point as noise and stored 399,00 €.

/**
 * "39,9", "39.9", "39,90 €", "1 234,56", "1.234,56", "1,234.56" → the number; null when the
 * text is not one number. The last separator followed by one to three digits… is the decimal
 * one only when the other separator also appears or when it is not a group of exactly three
 * digits after a lone point/comma that repeats ("1.234.567").
 */
export function parseDecimal(text: string | number | null | undefined): number | null {
  if (text === null || text === undefined) return null
  if (typeof text === 'number') return Number.isFinite(text) ? text : null
  // Spaces of any kind (narrow no-break included), the euro sign and the unit words go.
  const s = text.replace(/[\s\u00a0\u202f]/g, '').replace(/€|eur(os?)?$/i, '')
  if (s === '' || !/^[-+]?[\d.,]+$/.test(s)) return null
  const sign = s.startsWith('-') ? -1 : 1
  const body = s.replace(/^[-+]/, '')
  const lastComma = body.lastIndexOf(',')
  const lastPoint = body.lastIndexOf('.')
  let normalized: string
  if (lastComma >= 0 && lastPoint >= 0) {
    // Both appear: the later one is the decimal separator, the other groups thousands.
    const decimal = lastComma > lastPoint ? ',' : '.'
    const group = decimal === ',' ? '.' : ','
    normalized = body.split(group).join('').replace(decimal, '.')
  } else {
    const sep = lastComma >= 0 ? ',' : lastPoint >= 0 ? '.' : null
    if (sep === null) normalized = body
    else if (body.split(sep).length > 2) normalized = body.split(sep).join('') // « 1.234.567 »
    else normalized = body.replace(sep, '.')
  }
  if (!/^\d*\.?\d*$/.test(normalized) || !/\d/.test(normalized)) return null
  const n = Number(normalized)
  return Number.isFinite(n) ? sign * n : null
}
