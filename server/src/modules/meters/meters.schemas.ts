import { Body, DateTime, Int, List, named, Nullable, Out, StringEnum, Text, Type, Uuid } from '../../http/schema-kit.ts'
import { METER_KINDS } from './meters.kinds.ts'

/**
 * Documented ceiling: each meter shows its last 50 readings. That covers years of monthly
 * visits; older readings stay stored (the strictly increasing chain needs them) but are not
 * listed. The stored answers (meter_answer, migration 0029) list the same 50: change both.
 */
export const MAX_LISTED_READINGS = 50
/** Two meters per asset today; the ceiling leaves room without promising an unbounded list. */
const MAX_METERS = 10
/** Counters are safe integers: a trip counter never reaches 2^53, JSON keeps it exact. */
const MeterValue = (opts: object = {}) => Int(0, Number.MAX_SAFE_INTEGER, opts)

export const MeterReading = named('MeterReading', Out({
  id: Uuid(),
  value: MeterValue(),
  readAt: DateTime({ description: 'When the meter showed this value (UTC).' }),
  recordedBy: Nullable(Out({ id: Uuid(), displayName: Text(120) }, { description: 'Who entered the reading; null for imported history.' })),
  createdAt: DateTime({ description: 'When the reading was entered.' }),
}))

export const Meter = named('Meter', Out({
  id: Uuid(),
  kind: StringEnum(METER_KINDS, { description: 'TRIPS: trips of the car (controller counter); RUNNING_HOURS: running hours of the machine.' }),
  name: Text(80),
  unit: Text(20),
  lastValue: Nullable(MeterValue({ description: 'Value of the most recent reading; null before the first one.' })),
  lastReadAt: Nullable(DateTime()),
  readings: List(MeterReading, MAX_LISTED_READINGS, { description: `Most recent first; at most the last ${MAX_LISTED_READINGS}.` }),
}))

export const MetersResponse = named('MetersResponse', Out({
  assetId: Uuid(),
  meters: List(Meter, MAX_METERS, { description: 'TRIPS, then RUNNING_HOURS.' }),
}))

export const MeterReadingCreate = named('MeterReadingCreate', Body({
  meterId: Uuid({ description: 'A meter of this asset (400 UNKNOWN_METER otherwise).' }),
  value: MeterValue({ description: 'Strictly greater than the meter’s last value (400 READING_NOT_INCREASING otherwise).' }),
  readAt: Type.Optional(DateTime({
    description: 'When the value was read; defaults to now. Not more than 5 minutes ahead of the server clock (400 READING_IN_FUTURE), not before the meter’s last reading (400 READING_OUT_OF_ORDER).',
  })),
}))
