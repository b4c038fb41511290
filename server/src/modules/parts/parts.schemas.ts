import { pageParams } from '../../http/pagination.ts'
import { Body, Count, DateTime, Int, List, named, Nullable, Out, StringEnum, Text, Type, Uuid } from '../../http/schema-kit.ts'

export const DEFAULT_PAGE = 50
export const MAX_PAGE = 200
/** getPart shows a page of the ledger, newest first: this many by default, at most MAX_MOVEMENTS. */
export const MOVEMENTS_PAGE = 20
export const MAX_MOVEMENTS = 200
/** One movement moves at most this many units (either way). */
export const MAX_MOVEMENT_QUANTITY = 1_000_000

export const MOVEMENT_KINDS = ['RECEIPT', 'MANUAL', 'ADJUSTMENT', 'CONSUMPTION'] as const
export type MovementKind = (typeof MOVEMENT_KINDS)[number]
/** The kinds addStockMovement takes: RECEIPT comes from a purchase order, CONSUMPTION from a work order. */
export const ENTRY_KINDS = ['MANUAL', 'ADJUSTMENT'] as const

const Reference = () => Text(20, { pattern: '^P-[0-9]{6,}$', description: '`P-` and a sequential number, at least 6 digits (P-000042).' })
const Designation = () => Text(200, { minLength: 1, pattern: '\\S', description: 'Trimmed.' })
const Threshold = (description: string) => Int(0, MAX_MOVEMENT_QUANTITY, { description })
const Price = (description: string) => Int(0, 100_000_000, { description })
const Ref = (pattern: string) => Nullable(Out({ id: Uuid(), reference: Text(20, { pattern }) }))
const Person = () => Nullable(Out({ id: Uuid(), displayName: Text(120, { pattern: '\\S' }) }))

const partFields = {
  id: Uuid(),
  reference: Reference(),
  designation: Text(200, { pattern: '\\S' }),
  reorderThreshold: Threshold('Reorder point: the part is flagged when its quantity falls below it (0: never flagged).'),
  supplier: Nullable(Out({ id: Uuid(), name: Text(120, { pattern: '\\S' }) }), { description: 'The usual supplier (a partner of kind SUPPLIER), or null.' }),
  lastUnitPriceCents: Nullable(Price('The last known unit price in cents (last receipt or priced manual entry); null until known. A part without a price cannot be consumed.')),
  quantity: Count({ description: 'Units in stock: the sum of the part’s signed movements, never negative.' }),
  belowThreshold: Type.Boolean({ description: 'quantity < reorderThreshold (strictly under its reorder point).' }),
  createdAt: DateTime(),
  updatedAt: DateTime({ description: 'Last change of the part’s own fields (designation, threshold, supplier, price); stock movements do not move it.' }),
}

export const Part = named('Part', Out(partFields))

export const StockMovement = named('StockMovement', Out({
  id: Uuid(),
  kind: StringEnum(MOVEMENT_KINDS, {
    description: 'RECEIPT (purchase order received), MANUAL (manual entry, positive), ADJUSTMENT (inventory correction, either sign, with a reason), CONSUMPTION (used on a work order, negative).',
  }),
  quantity: Int(-MAX_MOVEMENT_QUANTITY, MAX_MOVEMENT_QUANTITY, { description: 'Signed: positive into stock, negative out of it.' }),
  unitPriceCents: Nullable(Price('Frozen when the movement was written; null when no price was known.')),
  reason: Nullable(Text(500, { pattern: '\\S', description: 'Why (required for ADJUSTMENT); trimmed.' })),
  actor: Person(),
  workOrder: Ref('^OT-[0-9]{6,}$'),
  purchaseOrder: Ref('^BC-[0-9]{6,}$'),
  createdAt: DateTime(),
}, { description: 'One line of a part’s ledger (append-only).' }))

export const PartDetail = named('PartDetail', Out({
  ...partFields,
  movements: List(StockMovement, MAX_MOVEMENTS, { description: `A page of the part’s ledger, newest first (${MOVEMENTS_PAGE} by default; the older ones are in the \`Link\` header of getPart). The quantity is always the sum of all of them.` }),
}))

/** getPart's query: the page of the ledger shown with the part. */
export const PartQuery = Type.Object({ ...pageParams(MOVEMENTS_PAGE, MAX_MOVEMENTS) }, { additionalProperties: false })

export const PartsResponse = named('PartsResponse', Out({
  parts: List(Part, MAX_PAGE, { description: 'One page, in reference order. The next page is in the `Link` header.' }),
}))

export const PartsQuery = Type.Object({
  q: Type.Optional(Text(100, { minLength: 1, description: 'Case-insensitive text found in the reference or the designation.' })),
  supplierId: Type.Optional(Uuid({ description: 'Parts of this supplier.' })),
  belowThreshold: Type.Optional(Type.Boolean({ description: 'true: only parts under their reorder point; false: only the others.' })),
  ...pageParams(DEFAULT_PAGE, MAX_PAGE),
}, { additionalProperties: false })

const SupplierId = () => Uuid({ description: 'An active partner of kind SUPPLIER (400 INVALID_SUPPLIER otherwise).' })

export const PartCreate = named('PartCreate', Body({
  designation: Designation(),
  reorderThreshold: Type.Optional(Threshold('Default 0 (never flagged).')),
  supplierId: Type.Optional(Nullable(SupplierId())),
}))

export const PartUpdate = named('PartUpdate', Body({
  designation: Type.Optional(Designation()),
  reorderThreshold: Type.Optional(Threshold('Reorder point.')),
  supplierId: Type.Optional(Nullable(Uuid({ description: 'null unlinks. A new supplier must be an active partner of kind SUPPLIER (400 INVALID_SUPPLIER); the current one may stay after being deactivated.' }))),
}, { minProperties: 1 }))

export const StockMovementCreate = named('StockMovementCreate', Body({
  kind: StringEnum(ENTRY_KINDS, { description: 'MANUAL (an entry, positive quantity) or ADJUSTMENT (a correction, either sign, reason required). RECEIPT and CONSUMPTION come from purchase and work orders only.' }),
  quantity: Int(-MAX_MOVEMENT_QUANTITY, MAX_MOVEMENT_QUANTITY, { description: 'Signed, never 0 (400); positive for MANUAL (400 otherwise).' }),
  reason: Type.Optional(Text(500, { description: 'Required for ADJUSTMENT (400 REASON_REQUIRED); trimmed.' })),
  unitPriceCents: Type.Optional(Price('MANUAL only: the unit price of the units entered, which becomes the part’s last unit price. Without it the movement carries the part’s current price.')),
}))
