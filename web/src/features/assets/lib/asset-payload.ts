// The asset form's values as a createAsset body: empty optional fields left out, the
// commissioning day as the start of that day where the person is.
import dayjs from 'dayjs'
import type { Schemas } from '@/lib/api/client'
import type { AssetStatus } from '../labels'

export interface AssetValues {
  reference: string
  brand: string
  model: string
  serialNumber: string
  categoryId: string | null
  locationId: string | null
  commissionedAt: string | null
  loadKg: number | string
  floors: number | string
  status: AssetStatus
  underContract: boolean
  notes: string
}

export const emptyAsset = (locationId: string | null = null): AssetValues => ({
  reference: '', brand: '', model: '', serialNumber: '', categoryId: null, locationId, commissionedAt: null,
  loadKg: '', floors: '', status: 'IN_SERVICE', underContract: true, notes: '',
})

/** The API's reference rule, said in French before the request is sent. */
export const REFERENCE_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]*$/

export function assetCreateBody(v: AssetValues): Schemas['AssetCreate'] {
  const body: Schemas['AssetCreate'] = {
    reference: v.reference.trim(), brand: v.brand.trim(), categoryId: v.categoryId ?? '', locationId: v.locationId ?? '',
    status: v.status, underContract: v.underContract,
  }
  if (v.model.trim()) body.model = v.model.trim()
  if (v.serialNumber.trim()) body.serialNumber = v.serialNumber.trim()
  if (v.notes.trim()) body.notes = v.notes.trim()
  if (v.commissionedAt) body.commissionedAt = dayjs(v.commissionedAt).startOf('day').toISOString()
  if (typeof v.loadKg === 'number') body.loadKg = v.loadKg
  if (typeof v.floors === 'number') body.floors = v.floors
  return body
}
