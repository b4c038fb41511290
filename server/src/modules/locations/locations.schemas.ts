import { Body, Count, List, named, Nullable, Out, Text, Type, Uuid } from '../../http/schema-kit.ts'

// A fleet counts sites in the hundreds, zones a few per site: the list is sent whole.
export const MAX_LOCATIONS = 20000

const Name = () => Text(120, { minLength: 1, pattern: '\\S', description: 'Trimmed; must not be blank.' })
const Address = (opts: object = {}) => Text(200, opts)
const City = (opts: object = {}) => Text(80, opts)
const GuardianName = (opts: object = {}) => Text(120, opts)
const GuardianPhone = (opts: object = {}) => Text(40, opts)
const Latitude = () => Type.Number({ minimum: -90, maximum: 90 })
const Longitude = () => Type.Number({ minimum: -180, maximum: 180 })

export const Location = named('Location', Out({
  id: Uuid(),
  name: Text(120),
  parentId: Nullable(Uuid({ description: 'null for a site; the site’s id for a zone.' })),
  address: Nullable(Text(200)),
  city: Nullable(Text(80)),
  guardianName: Nullable(Text(120)),
  guardianPhone: Nullable(Text(40)),
  latitude: Nullable(Latitude()),
  longitude: Nullable(Longitude()),
  partnerId: Nullable(Uuid({ description: 'Client partner (property manager).' })),
  partnerName: Nullable(Text(120)),
  assetCount: Count({ description: 'Assets placed at this location; for a site, also those of its zones.' }),
}))

export const LocationsResponse = named('LocationsResponse', Out({
  locations: List(Location, MAX_LOCATIONS, {
    description: 'Flat list, each site followed by its zones (sorted by name); the client builds the tree. A Demandeur assigned to sites sees only those sites and their zones.',
  }),
}))

export const LocationCreate = named('LocationCreate', Body({
  name: Name(),
  parentId: Type.Optional(Uuid({ description: 'A site: the new location becomes one of its zones. Depth is at most 2.' })),
  address: Type.Optional(Address()),
  city: Type.Optional(City()),
  guardianName: Type.Optional(GuardianName()),
  guardianPhone: Type.Optional(GuardianPhone()),
  latitude: Type.Optional(Latitude()),
  longitude: Type.Optional(Longitude()),
  partnerId: Type.Optional(Nullable(Uuid({ description: 'An active partner of kind CLIENT.' }))),
}))

// "Same fields as LocationCreate, all optional" (spec): the same types, so only partnerId takes
// null. An empty (or blank) optional text clears it: the service stores it as null.
export const LocationUpdate = named('LocationUpdate', Body({
  name: Type.Optional(Name()),
  parentId: Type.Optional(Uuid({ description: 'A site: the location becomes (or stays) one of its zones. Depth is at most 2.' })),
  address: Type.Optional(Address({ description: 'An empty text clears it.' })),
  city: Type.Optional(City({ description: 'An empty text clears it.' })),
  guardianName: Type.Optional(GuardianName({ description: 'An empty text clears it.' })),
  guardianPhone: Type.Optional(GuardianPhone({ description: 'An empty text clears it.' })),
  latitude: Type.Optional(Latitude()),
  longitude: Type.Optional(Longitude()),
  partnerId: Type.Optional(Nullable(Uuid({ description: 'An active CLIENT partner, or null to unlink; the partner already linked may be kept even if inactive.' }))),
}, { minProperties: 1 }))
