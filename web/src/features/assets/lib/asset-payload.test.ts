import dayjs from 'dayjs'
import { describe, expect, it } from 'vitest'
import { assetCreateBody, emptyAsset, REFERENCE_PATTERN } from './asset-payload'

describe('asset creation body', () => {
  it('sends what was filled, trimmed, and leaves the rest out', () => {
    const body = assetCreateBody({ ...emptyAsset('loc-1'), reference: ' LYO-X1 ', brand: 'Otis ', categoryId: 'cat-1', floors: 8, commissionedAt: '2024-03-15' })
    expect(body).toEqual({
      reference: 'LYO-X1', brand: 'Otis', categoryId: 'cat-1', locationId: 'loc-1', status: 'IN_SERVICE', underContract: true,
      floors: 8, commissionedAt: dayjs('2024-03-15').toISOString(),
    })
  })

  it('accepts the references a QR code may carry and refuses spaces or slashes', () => {
    expect(['LYO-PD-A1', 'a.b_c', '9']).toSatisfy((refs: string[]) => refs.every((r) => REFERENCE_PATTERN.test(r)))
    expect(['-A', 'A B', 'A/B', '']).toSatisfy((refs: string[]) => refs.every((r) => !REFERENCE_PATTERN.test(r)))
  })
})
