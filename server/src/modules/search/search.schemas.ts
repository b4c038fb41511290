import { ASSET_STATUSES } from '../assets/assets.schemas.ts'
import { Count, List, named, Nullable, Out, StringEnum, Text, Type, Uuid } from '../../http/schema-kit.ts'
import { WORK_ORDER_STATUSES, WORK_ORDER_TYPES } from '../work-orders/work-orders.states.ts'
import { PER_FAMILY } from './search.queries.ts'

export const SearchQuery = Type.Object({
  q: Text(100, { minLength: 1, pattern: '\\S', description: 'Words (accents and letter case ignored, French stems), a work order reference (`OT-123`, `OT-000123`, or its number), part of an elevator reference or serial number, part of a site name.' }),
}, { additionalProperties: false })

export const WorkOrderHit = named('WorkOrderHit', Out({
  id: Uuid(),
  reference: Text(20, { pattern: '^OT-[0-9]{6,}$' }),
  type: StringEnum(WORK_ORDER_TYPES),
  status: StringEnum(WORK_ORDER_STATUSES),
  description: Nullable(Text(200, { description: 'The first 200 characters of the description.' })),
  assetReference: Text(40),
  siteName: Text(120),
}))

export const AssetHit = named('AssetHit', Out({
  id: Uuid(),
  reference: Text(40),
  brand: Text(120),
  model: Nullable(Text(120)),
  status: StringEnum(ASSET_STATUSES),
  siteName: Text(120),
}))

export const SiteHit = named('SiteHit', Out({
  id: Uuid(),
  name: Text(120),
  address: Nullable(Text(300)),
  city: Nullable(Text(120)),
}))

export const PartHit = named('PartHit', Out({
  id: Uuid(),
  reference: Text(20),
  designation: Text(200),
  quantity: Count({ description: 'Units in stock.' }),
}))

export const PersonHit = named('PersonHit', Out({
  id: Uuid(),
  displayName: Text(120),
  initials: Text(3),
}))

export const SearchResponse = named('SearchResponse', Out({
  workOrders: List(WorkOrderHit, PER_FAMILY, { description: 'Best first: the order of that number, then by relevance of the description, then the newest. Empty without the view right on WORK_ORDERS.' }),
  assets: List(AssetHit, PER_FAMILY, { description: 'Elevators: the exact reference first, then references containing the text, then words of brand, model and notes. Empty without the view right on ASSETS.' }),
  sites: List(SiteHit, PER_FAMILY, { description: 'Top-level sites: names containing the text first, then words of name, address and city. Empty without the view right on LOCATIONS.' }),
  parts: List(PartHit, PER_FAMILY, { description: 'Parts whose reference or designation contains the text (accents ignored): the exact reference first, then references containing it, then by reference. Empty without the view right on PARTS.' }),
  people: List(PersonHit, PER_FAMILY, { description: 'People whose name contains the text (accents ignored), by name. Empty without the view right on PEOPLE_TEAMS; only the caller without its view-other right.' }),
}))
