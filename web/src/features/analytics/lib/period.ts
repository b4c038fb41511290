// The period lives in the address (/analytique?mois=6), read leniently: anything but 3, 6 or
// 12 is the default, 12 months.
export const PERIODS = ['3', '6', '12'] as const
export type Period = (typeof PERIODS)[number]
export const DEFAULT_PERIOD: Period = '12'

export function parsePeriod(params: URLSearchParams): Period {
  const value = params.get('mois')
  return (PERIODS as readonly string[]).includes(value ?? '') ? (value as Period) : DEFAULT_PERIOD
}

export function periodToParams(period: Period): URLSearchParams {
  return new URLSearchParams({ mois: period })
}
