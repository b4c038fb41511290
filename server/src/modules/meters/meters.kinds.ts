// The two kinds of meter, the vocabulary of meters.kind (its check in meters.tables.ts), apart
// from meters.defaults.ts so that the table's definition imports nothing that writes to it.
export const METER_KINDS = ['TRIPS', 'RUNNING_HOURS'] as const
export type MeterKind = (typeof METER_KINDS)[number]
