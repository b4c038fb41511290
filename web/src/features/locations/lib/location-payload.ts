// The location form's values turned into createLocation / updateLocation bodies: on creation an
// empty field is left out; on update an empty text clears it (the API's rule) and an empty
// partner unlinks it. Coordinates cannot be cleared once set, only changed.
import type { Schemas } from '@/lib/api/client'
import type { Location } from './location-tree'

export interface LocationValues {
  name: string
  parentId: string | null
  address: string
  city: string
  guardianName: string
  guardianPhone: string
  latitude: number | string
  longitude: number | string
  partnerId: string | null
}

const TEXTS = ['address', 'city', 'guardianName', 'guardianPhone'] as const

export function locationValues(l?: Location, parentId: string | null = null): LocationValues {
  return {
    name: l?.name ?? '', parentId: l ? l.parentId : parentId,
    address: l?.address ?? '', city: l?.city ?? '', guardianName: l?.guardianName ?? '', guardianPhone: l?.guardianPhone ?? '',
    latitude: l?.latitude ?? '', longitude: l?.longitude ?? '', partnerId: l?.partnerId ?? null,
  }
}

const coordinate = (v: number | string) => (typeof v === 'number' ? v : undefined)

/** `withPartner`: the caller may list partners, so the field was offered. */
export function createBody(v: LocationValues, withPartner: boolean): Schemas['LocationCreate'] {
  const body: Schemas['LocationCreate'] = { name: v.name.trim() }
  if (v.parentId) body.parentId = v.parentId
  for (const key of TEXTS) if (v[key].trim()) body[key] = v[key].trim()
  const latitude = coordinate(v.latitude)
  const longitude = coordinate(v.longitude)
  if (latitude !== undefined) body.latitude = latitude
  if (longitude !== undefined) body.longitude = longitude
  if (withPartner && v.partnerId) body.partnerId = v.partnerId
  return body
}

export function updateBody(v: LocationValues, withPartner: boolean): Schemas['LocationUpdate'] {
  const body: Schemas['LocationUpdate'] = { name: v.name.trim() }
  if (v.parentId) body.parentId = v.parentId
  for (const key of TEXTS) body[key] = v[key].trim()
  const latitude = coordinate(v.latitude)
  const longitude = coordinate(v.longitude)
  if (latitude !== undefined) body.latitude = latitude
  if (longitude !== undefined) body.longitude = longitude
  if (withPartner) body.partnerId = v.partnerId || null
  return body
}
