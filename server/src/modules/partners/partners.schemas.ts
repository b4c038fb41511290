import { Body, DateTime, Email, List, named, Nullable, Out, StringEnum, Text, Type, Uuid } from '../../http/schema-kit.ts'

export const PARTNER_KINDS = ['SUPPLIER', 'CLIENT'] as const
export const PartnerKind = StringEnum(PARTNER_KINDS, { description: 'SUPPLIER (parts, purchase orders) or CLIENT (property manager linked to sites).' })

// Reference data, a few hundred rows at most: listed whole, never paginated.
export const MAX_PARTNERS = 5000

const Name = () => Text(120, { minLength: 1, pattern: '\\S', description: 'Unique, compared case-insensitively; trimmed.' })
const ContactName = () => Text(120)
const Phone = () => Text(40)
const Address = () => Text(200)

export const Partner = named('Partner', Out({
  id: Uuid(),
  name: Text(120),
  kind: PartnerKind,
  contactName: Nullable(Text(120)),
  email: Nullable(Email()),
  phone: Nullable(Text(40)),
  address: Nullable(Text(200)),
  isActive: Type.Boolean({ description: 'An inactive partner stays on the records that use it but cannot be chosen again.' }),
  createdAt: DateTime(),
}))

export const PartnersResponse = named('PartnersResponse', Out({
  partners: List(Partner, MAX_PARTNERS, { description: 'Sorted by name.' }),
}))

export const PartnersQuery = Type.Object({
  kind: Type.Optional(PartnerKind),
  active: Type.Optional(Type.Boolean({ description: 'true: active partners only; false: inactive only.' })),
}, { additionalProperties: false })

export const PartnerCreate = named('PartnerCreate', Body({
  name: Name(),
  kind: PartnerKind,
  contactName: Type.Optional(ContactName()),
  email: Type.Optional(Email()),
  phone: Type.Optional(Phone()),
  address: Type.Optional(Address()),
}))

export const PartnerUpdate = named('PartnerUpdate', Body({
  name: Type.Optional(Name()),
  kind: Type.Optional(PartnerKind),
  contactName: Type.Optional(Nullable(ContactName())),
  email: Type.Optional(Nullable(Email())),
  phone: Type.Optional(Nullable(Phone())),
  address: Type.Optional(Nullable(Address())),
  isActive: Type.Optional(Type.Boolean({ description: 'false deactivates: excluded from new uses, kept where already used.' })),
}, { minProperties: 1 }))
