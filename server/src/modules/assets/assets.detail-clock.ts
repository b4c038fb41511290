// The clock's part of a stored AssetDetail (migration 0029): the text keeps, for each due date,
// a marker where its days left go ("\u0001<due-soon days>|<due day, UTC>") and another where its
// state goes ("\u0001"). They are filled here at read, by the rule of the live statement: whole
// UTC calendar days from today to the due day; OVERDUE once it has passed, DUE_SOON from the
// given number of days before (the due day included), else UP_TO_DATE. A text scan, no parse.

const DAY_MS = 86_400_000
// The pair as json_build_object writes it: the days-left marker, the next key, the state marker.
const MARKERS = /"\\u0001(\d+)\|(\d{4})-(\d{2})-(\d{2})"(, "[A-Za-z]+" : )"\\u0001"/g

/** The stored detail text with its days left and states at `now`. */
export function withClock(text: string, now: Date): string {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate())
  return text.replace(MARKERS, (_, soon: string, y: string, m: string, d: string, between: string) => {
    const daysLeft = Math.round((Date.UTC(Number(y), Number(m) - 1, Number(d)) - today) / DAY_MS)
    const state = daysLeft < 0 ? 'OVERDUE' : daysLeft <= Number(soon) ? 'DUE_SOON' : 'UP_TO_DATE'
    return `${daysLeft}${between}"${state}"`
  })
}
