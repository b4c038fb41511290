// Lists that refresh by themselves while they are on screen (issue 19): the dispatcher's desk,
// the technician's day, the work orders. Every 30 s, and never while the tab is hidden (the
// query client reads again on return: refetchOnWindowFocus). Cheap by construction: the API
// answers each read with an ETag and `Cache-Control: private, no-cache`, so the browser's own
// cache asks with If-None-Match and an unchanged list comes back as a bodiless 304 (the fetch
// still sees its 200 and the kept body; TanStack Query then keeps the same data, nothing
// renders again).

export const LIVE_REFRESH_MS = 30_000
/** The journeys shorten the interval (a millisecond count in localStorage); never below 1 s. */
const TEST_INTERVAL_KEY = 'palier.liveRefreshMs'

function interval(): number {
  const asked = Number(globalThis.localStorage?.getItem(TEST_INTERVAL_KEY))
  return Number.isFinite(asked) && asked >= 1000 ? asked : LIVE_REFRESH_MS
}

/** The query options of a list that refreshes itself while visible. */
export function liveRefresh() {
  return { refetchInterval: interval(), refetchIntervalInBackground: false } as const
}
