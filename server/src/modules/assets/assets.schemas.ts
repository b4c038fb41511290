import { pageParams } from '../../http/pagination.ts'
import { DUE_STATE_VALUES, Logbook } from './assets.logbook.schemas.ts'
import { Body, Count, DateTime, Int, List, named, Nullable, Out, StringEnum, Text, Type, Uuid } from '../../http/schema-kit.ts'

export const ASSET_STATUSES = ['IN_SERVICE', 'OUT_OF_SERVICE', 'UNDER_MAINTENANCE'] as const
export type AssetStatus = (typeof ASSET_STATUSES)[number]

// Documented ceilings. The asset list is paginated (keyset) below MAX_PAGE; the options of a
// picker are sent whole up to MAX_ASSET_OPTIONS (a large fleet, not a few hundred thousand).
export const DEFAULT_PAGE = 50
export const MAX_PAGE = 200
export const MAX_ASSET_OPTIONS = 20000
export const MAX_COMPONENTS = 50
const MAX_ACTIVE_COMPONENTS = 500

// The QR code label carries the reference: letters, digits, dot, dash, underscore — nothing
// that breaks a URL, a file name or a scanner (no spaces, no slashes).
export const REFERENCE_PATTERN = '^[A-Za-z0-9][A-Za-z0-9._-]*$'

const Reference = () => Text(40, {
  minLength: 1, pattern: REFERENCE_PATTERN,
  description: 'Printed as a QR code: letters, digits, ".", "-", "_" (no spaces or slashes), starting with a letter or digit. Unique, compared case-insensitively; stored as given.',
})
const Brand = () => Text(80, { minLength: 1, pattern: '\\S', description: 'Trimmed; must not be blank.' })
const Short = () => Text(80)
const Status = (description?: string) => StringEnum(ASSET_STATUSES, description ? { description } : {})
// Inputs: a date-time text (RFC 3339, with its offset), stored as the exact instant.
const DateTimeIn = (description: string) => Type.String({ format: 'date-time', maxLength: 35, description })
const LoadKg = () => Int(1, 100_000, { description: 'Rated load in kilograms.' })
const Floors = () => Int(1, 300, { description: 'Number of levels served.' })

export const Asset = named('Asset', Out({
  id: Uuid(),
  reference: Text(40),
  brand: Text(80),
  model: Nullable(Text(80)),
  serialNumber: Nullable(Text(80)),
  commissionedAt: Nullable(DateTime({ description: 'Commissioning instant (UTC); anchors preventive maintenance.' })),
  loadKg: Nullable(LoadKg()),
  floors: Nullable(Floors()),
  status: Status(),
  categoryId: Uuid(),
  categoryName: Text(80),
  locationId: Uuid({ description: 'The site or zone where the asset stands.' }),
  locationName: Text(120),
  siteName: Text(120, { description: 'The site: the location itself when it is a site, else its parent.' }),
  componentCount: Count({ description: 'Components currently fitted (removed ones are not counted).' }),
}))

export const AssetsResponse = named('AssetsResponse', Out({
  assets: List(Asset, MAX_PAGE, { description: 'One page, sorted by reference (case-insensitively); the next one is in the `Link` header.' }),
}))

export const AssetComponent = named('AssetComponent', Out({
  id: Uuid(),
  typeId: Uuid({ description: 'A category of kind COMPONENT_TYPE.' }),
  typeName: Text(80),
  brand: Nullable(Text(80)),
  model: Nullable(Text(80)),
  serialNumber: Nullable(Text(80)),
  installedAt: Nullable(DateTime()),
  notes: Nullable(Text(1000)),
}))

// Visits at most six weeks apart (docs/compliance.md): computed at read time from the service's clock.
export const VISIT_STATES = DUE_STATE_VALUES
export const LastVisitAt = () => Nullable(DateTime({ description: 'Completion time of the elevator’s last maintenance visit: a finished (DONE) PREVENTIVE order, or any finished order whose coded report’s circumstance is « Visite d’entretien » or « Visite préventive ». Null: never visited.' }))
export const NextVisitDueAt = () => Nullable(DateTime({ description: 'When the next visit is due: 42 days (six weeks) after the last visit; never visited, 42 days after the elevator entered the register or its commissioning, whichever is later. Null when the elevator is not under contract (no visit owed).' }))
export const VisitDaysLeft = () => Nullable(Int(-1_000_000, 1_000_000, { description: 'Whole days (UTC calendar days) from today to nextVisitDueAt: negative when overdue (-8: eight days late). Null when not under contract.' }))
export const VisitState = () => Nullable(StringEnum(VISIT_STATES, { description: 'UP_TO_DATE (« à jour »): more than 7 days left; DUE_SOON (« bientôt dû »): 0 to 7 days left; OVERDUE (« en retard »): the due day has passed. Null when not under contract.' }))

// The periodic operations and the five-yearly technical inspection (docs/compliance.md).
export const DUE_STATES = VISIT_STATES
export const MAX_OPERATIONS = 200
export const MAX_INSPECTION_HISTORY = 50
export const InspectionDaysLeft = () => Int(-1_000_000, 1_000_000, { description: 'Whole days (UTC calendar days) from today to nextInspectionDueAt: negative when overdue.' })
export const LastInspectionAt = () => Nullable(DateTime({ description: 'Date of the elevator’s latest technical inspection; null: none recorded.' }))
export const PeriodicOperation = named('PeriodicOperation', Out({
  taskTemplateId: Uuid(),
  label: Text(200),
  periodicityMonths: Int(2, 120, { description: 'The task template’s periodicity (6: six-monthly, 12: yearly).' }),
  lastDoneAt: Nullable(DateTime({ description: 'Completion time of the latest finished (DONE) preventive grid of this elevator on which this task’s checklist item is ticked (DONE); null: never done.' })),
  nextDueAt: Nullable(DateTime({ description: 'lastDoneAt + the periodicity; never done: the periodicity after the elevator entered the register or its commissioning, whichever is later. Null when not under contract.' })),
  daysLeft: Nullable(Int(-1_000_000, 1_000_000, { description: 'Whole days (UTC calendar days) from today to nextDueAt; negative when overdue. Null when not under contract.' })),
  state: Nullable(StringEnum(DUE_STATES, { description: 'UP_TO_DATE: more than 30 days left; DUE_SOON: 0 to 30 days left; OVERDUE: the due day has passed. Null when not under contract.' })),
}))
export const Inspection = named('Inspection', Out({
  id: Uuid(),
  inspectedAt: DateTime({ description: 'When the inspection took place.' }),
  body: Text(120, { description: 'The approved inspection body.' }),
  reportDocumentId: Nullable(Uuid({ description: 'The report: a document of this elevator (downloadDocument).' })),
  notes: Nullable(Text(2000)),
  findingsCount: Count({ description: 'Work orders created from this inspection’s findings (origin INSPECTION_FINDING), whatever their state.' }),
  openFindingsCount: Count({ description: 'Those neither done nor cancelled: findings not yet remedied.' }),
}))

export const AssetDetail = named('AssetDetail', Out({
  ...Asset.properties,
  underContract: Type.Boolean({ description: 'Under maintenance contract: only such assets receive preventive work orders.' }),
  notes: Nullable(Text(2000)),
  siteId: Uuid(),
  address: Nullable(Text(200, { description: 'The location’s address, else its site’s.' })),
  city: Nullable(Text(80, { description: 'The location’s city, else its site’s.' })),
  guardianName: Nullable(Text(120, { description: 'Guardian of the location (name and phone taken together), else of its site.' })),
  guardianPhone: Nullable(Text(40)),
  statusChangedAt: Nullable(DateTime({ description: 'Last time the status actually changed; null while it never did.' })),
  createdAt: DateTime(),
  updatedAt: DateTime(),
  components: List(AssetComponent, MAX_ACTIVE_COMPONENTS, { description: 'Fitted components, sorted by type name then installation date.' }),
  lastVisitAt: LastVisitAt(),
  nextVisitDueAt: NextVisitDueAt(),
  visitDaysLeft: VisitDaysLeft(),
  visitState: VisitState(),
  periodicOperations: List(PeriodicOperation, MAX_OPERATIONS, { description: 'The active task templates of periodicity above one month (six-monthly, yearly… operations; monthly tasks are done at each visit, see visitState), by periodicity then label, with when each was last done on this elevator and is next due.' }),
  lastInspectionAt: LastInspectionAt(),
  inspectionBody: Nullable(Text(120, { description: 'The approved body of the latest inspection.' })),
  nextInspectionDueAt: Nullable(DateTime({ description: 'Five years after the latest inspection; none recorded, five years after the elevator entered the register or its commissioning, whichever is later. Null when not under contract.' })),
  inspectionDaysLeft: Nullable(InspectionDaysLeft()),
  inspectionState: Nullable(StringEnum(DUE_STATES, { description: 'UP_TO_DATE: more than 90 days left; DUE_SOON: 0 to 90 days left; OVERDUE: the due day has passed. Null when not under contract.' })),
  inspections: List(Inspection, MAX_INSPECTION_HISTORY, { description: `Technical inspections recorded, newest first (the last ${MAX_INSPECTION_HISTORY}).` }),
  logbook: Type.Optional(Logbook),
}))

export const AssetOption = named('AssetOption', Out({ id: Uuid(), reference: Text(40), siteName: Text(120) }))
export const AssetOptionsResponse = named('AssetOptionsResponse', Out({
  options: List(AssetOption, MAX_ASSET_OPTIONS, { description: 'Sorted by reference (case-insensitively).' }),
}))

export const AssetComponentCreate = named('AssetComponentCreate', Body({
  typeId: Uuid({ description: 'An active category of kind COMPONENT_TYPE (else 400 INVALID_COMPONENT_TYPE).' }),
  brand: Type.Optional(Short()),
  model: Type.Optional(Short()),
  serialNumber: Type.Optional(Short()),
  installedAt: Type.Optional(DateTimeIn('Installation instant, with its offset (stored in UTC).')),
  notes: Type.Optional(Text(1000)),
}))

export const InspectionRecord = named('InspectionRecord', Body({
  inspectedAt: DateTimeIn('When the technical inspection took place, with its offset; not in the future (400 INVALID_INSPECTION).'),
  body: Text(120, { minLength: 1, pattern: '\\S', description: 'The approved inspection body; trimmed, 1 to 120 characters.' }),
  reportDocumentId: Type.Optional(Uuid({ description: 'The report, uploaded first as a document of this elevator (uploadDocument); another document gives 400 INVALID_INSPECTION.' })),
  notes: Type.Optional(Text(2000)),
}))

const CategoryId = () => Uuid({ description: 'An active category of kind EQUIPMENT (else 400 INVALID_CATEGORY).' })
const LocationId = () => Uuid({ description: 'An existing site or zone (else 400 UNKNOWN_LOCATION).' })
const CommissionedAt = () => DateTimeIn('Commissioning instant, with its offset; kept exact (UTC).')

export const AssetCreate = named('AssetCreate', Body({
  reference: Reference(),
  brand: Brand(),
  model: Type.Optional(Short()),
  serialNumber: Type.Optional(Short()),
  commissionedAt: Type.Optional(CommissionedAt()),
  loadKg: Type.Optional(LoadKg()),
  floors: Type.Optional(Floors()),
  status: Type.Optional(Status('Default IN_SERVICE.')),
  categoryId: CategoryId(),
  locationId: LocationId(),
  underContract: Type.Optional(Type.Boolean({ description: 'Default false.' })),
  notes: Type.Optional(Text(2000)),
  components: Type.Optional(List(AssetComponentCreate, MAX_COMPONENTS, { description: 'Components fitted at creation.' })),
  inspection: Type.Optional(InspectionRecord),
}))

export const AssetUpdate = named('AssetUpdate', Body({
  reference: Type.Optional(Reference()),
  brand: Type.Optional(Brand()),
  model: Type.Optional(Nullable(Short())),
  serialNumber: Type.Optional(Nullable(Short())),
  commissionedAt: Type.Optional(Nullable(CommissionedAt())),
  loadKg: Type.Optional(Nullable(LoadKg())),
  floors: Type.Optional(Nullable(Floors())),
  status: Type.Optional(Status('Any move between the three values is allowed.')),
  categoryId: Type.Optional(Uuid({ description: 'An active EQUIPMENT category; the current one may be kept even if deactivated since.' })),
  locationId: Type.Optional(LocationId()),
  underContract: Type.Optional(Type.Boolean()),
  notes: Type.Optional(Nullable(Text(2000))),
  inspection: Type.Optional(InspectionRecord),
}, { minProperties: 1 }))

export const AssetsQuery = Type.Object({
  siteId: Type.Optional(Uuid({ description: 'Assets of this site and of its zones.' })),
  locationId: Type.Optional(Uuid({ description: 'Assets placed exactly at this location (site or zone).' })),
  categoryId: Type.Optional(Uuid()),
  status: Type.Optional(Status()),
  q: Type.Optional(Text(100, { minLength: 1, description: 'Case-insensitive text found in the reference, brand, model, serial number, location or site name.' })),
  underContract: Type.Optional(Type.Boolean({ description: 'true: under maintenance contract only; false: not under contract only.' })),
  ...pageParams(DEFAULT_PAGE, MAX_PAGE),
}, { additionalProperties: false })

export const ComponentParams = Body({ id: Uuid(), componentId: Uuid() })
