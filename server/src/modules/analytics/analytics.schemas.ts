import { Count, DateTime, Int, List, named, Nullable, Out, StringEnum, Text, Type, Uuid } from '../../http/schema-kit.ts'
import { PARTS_LISTED, WORST_ELEVATORS } from './analytics.queries.ts'

export const PERIODS = ['3', '6', '12'] as const

export const AnalyticsQuery = Type.Object({
  months: Type.Optional(StringEnum(PERIODS, { description: 'The period: the current month and the 2, 5 or 11 before it (UTC months). Default 12.' })),
}, { additionalProperties: false })

const Month = () => Text(7, { pattern: '^[0-9]{4}-[0-9]{2}$', description: 'YYYY-MM (UTC).' })
const ByType = (what: string) => Out({ corrective: Count(), preventive: Count() }, { description: what })
const Cents = (description: string) => Count({ description })
const Measure = (description: string) => Nullable(Type.Number({ minimum: 0, description }))

export const AnalyticsSummary = named('AnalyticsSummary', Out({
  months: Int(3, 12, { enum: [3, 6, 12] }),
  from: DateTime({ description: 'Start of the period: the first day of its first month, 00:00 UTC.' }),
  to: DateTime({ description: 'End of the period: now.' }),
  monthly: List(Out({
    month: Month(),
    opened: ByType('Orders created in the month (cancelled ones included).'),
    closed: ByType('Orders finished (DONE) in the month, by their completion date.'),
    partsCostCents: Cents('Parts consumed on orders in the month: the sum of quantity × unit price frozen on each consumption.'),
    laborCostCents: Nullable(Cents('Labour logged for the month (by the date worked): minutes × frozen hourly rate / 60, rounded to the cent. Null unless the caller may see pay (PEOPLE_TEAMS edit).')),
  }), 12, { description: 'One entry per month of the period, oldest first, months without activity included.' }),
  backlog: Out({ OPEN: Count(), IN_PROGRESS: Count(), ON_HOLD: Count(), total: Count() }, { description: 'Orders not finished nor cancelled, now, by state (whatever the period).' }),
  breakdowns: Out({
    total: Count({ description: 'Breakdowns: corrective orders created in the period, cancelled ones excepted.' }),
    elevators: Count({ description: 'Elevators (assets) in the caller’s scope.' }),
    perElevatorPerYear: Measure('total / elevators, brought to 12 months (a healthy fleet: about 2 to 4). Null without elevators.'),
    worst: List(Out({ assetId: Uuid(), reference: Text(40), siteName: Text(120), breakdowns: Count() }), WORST_ELEVATORS, { description: `The ${WORST_ELEVATORS} elevators with the most breakdowns in the period, most first (then by reference).` }),
  }),
  reliability: Out({
    mtbfHours: Measure('Mean time between failures: operating hours of the fleet in the period (elevators × hours from the start of the period to now) / breakdowns. Null without breakdowns.'),
    mttrHours: Measure('Mean time to repair: the mean of (completion − creation) of the corrective orders finished in the period, in hours. Null when none was finished.'),
    repairs: Count({ description: 'Corrective orders finished in the period (the MTTR sample).' }),
  }),
  trapped: Out({
    calls: Count({ description: 'Breakdowns with a trapped person (personBlocked) created in the period.' }),
    released: Count({ description: 'Those with a release time recorded.' }),
    meanReleaseMinutes: Measure('Mean of (release − creation) in minutes over the released ones. Null when none.'),
    releasedWithinHour: Count({ description: 'Released within 60 minutes of the call (the trade’s target).' }),
  }),
  preventive: List(Out({
    month: Month(),
    generated: Count({ description: 'Grids of the month (orders with that period key).' }),
    completed: Count({ description: 'Those finished (DONE).' }),
    late: Count({ description: 'Those not finished nor cancelled whose due date has passed.' }),
  }), 12, { description: 'The preventive grids of each month of the period, oldest first.' }),
  legal: Out({
    visits: Out({
      underContract: Count({ description: 'Elevators under maintenance contract in the caller’s sites, now (whatever the period).' }),
      withinSixWeeks: Count({ description: 'Those whose six-week visit is not overdue today (visitState UP_TO_DATE or DUE_SOON, as getAsset and getPreventiveStatus).' }),
      share: Measure('withinSixWeeks / underContract, from 0 to 1 (three decimals). Null without an elevator under contract.'),
    }, { description: 'Visits at most six weeks apart (arrêté du 18 novembre 2004), today’s state.' }),
    callbacks: Out({
      repairs: Count({ description: 'Breakdowns (corrective orders that are not a visit, a control or works) finished (DONE) in the period, by their completion.' }),
      calledBack: Count({ description: 'Of those, the repairs followed by a callback: another breakdown of the same elevator, not cancelled, whose call came at most 30 days (720 hours, included) after the repair’s completion. Counted in the period of the repair.' }),
      rate: Measure('calledBack / repairs, from 0 to 1 (three decimals). Null without repairs.'),
      firstTimeFixRate: Measure('(repairs − calledBack) / repairs: the repairs not followed by a callback. Null without repairs.'),
    }),
    arrival: Out({
      measured: Count({ description: 'Breakdowns created in the period (cancelled ones excepted) with an arrival time.' }),
      medianMinutes: Measure('Median of call → arrival (whole minutes rounded down, as arrivalDelayMinutes), interpolated. Null when none.'),
      p90Minutes: Measure('90th percentile of the same, interpolated (percentile_cont). Null when none.'),
    }),
    release: Out({
      measured: Count({ description: 'Breakdowns with a trapped person created in the period (cancelled ones excepted) with a release time.' }),
      medianMinutes: Measure('Median of call → release (whole minutes rounded down, as releaseDelayMinutes), interpolated. Null when none.'),
      p90Minutes: Measure('90th percentile of the same, interpolated. Null when none.'),
      withinHour: Count({ description: 'Releases less than 60 minutes after the call (59 min 59 s is within; 60 min is not), as the annual report.' }),
      withinHourShare: Measure('withinHour / measured, from 0 to 1 (three decimals). Null when none.'),
    }),
    inspections: Out({
      overdue: Count({ description: 'Elevators under contract in the caller’s sites whose five-yearly technical inspection is overdue today (inspectionState OVERDUE, as getAsset and getPreventiveStatus).' }),
      dueSoon: Count({ description: 'Those due within 90 days (inspectionState DUE_SOON).' }),
      findingsOpen: Count({ description: 'Work orders from an inspection’s findings (origin INSPECTION_FINDING) in the caller’s sites, neither done nor cancelled, now.' }),
    }, { description: 'The five-yearly technical inspection (décret 2004-964), today’s state (whatever the period).' }),
  }, { description: 'The elevator’s legal record (docs/compliance.md): six-week visits, callbacks, breakdown times, inspections.' }),
  parts: Out({
    underThreshold: Count({ description: 'Parts whose quantity in stock is under their reorder threshold (quantity < threshold). Stock is not per site: every caller sees the same.' }),
    items: List(Out({ id: Uuid(), reference: Text(20, { pattern: '^P-[0-9]{6,}$' }), designation: Text(200), quantity: Count(), reorderThreshold: Count() }), PARTS_LISTED, { description: `The first ${PARTS_LISTED}, the furthest under their threshold first.` }),
  }),
}))
