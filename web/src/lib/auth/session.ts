// The session: the bearer token, kept in localStorage (a technician stays signed in for a
// shift across reloads), never in a URL. Cleared on sign-out and on any 401. The token
// expires with its `exp` claim; an expired one is never sent.
const KEY = 'palier.session'

type Listener = () => void
/** `signedOut`: the person left on purpose (the next login starts from the dashboard). */
type State = { token: string | null; expired: boolean; signedOut?: boolean }

// A token that expired while the tab was closed says so at the login page like one refused live.
let state: State = initial()
const listeners = new Set<Listener>()

function initial(): State {
  let token: string | null = null
  try { token = localStorage.getItem(KEY) } catch { /* private mode: no stored session */ }
  if (token && isExpired(token)) return { token: null, expired: true }
  return { token, expired: false }
}

function isExpired(token: string): boolean {
  try {
    const payload = JSON.parse(atob(token.split('.')[1].replace(/-/g, '+').replace(/_/g, '/'))) as { exp?: number }
    return typeof payload.exp === 'number' && payload.exp * 1000 <= Date.now()
  } catch {
    return true
  }
}

// Answers of reads are kept by the browser for revalidation (ETag, `private, no-cache`): when a
// session ends, the server's `/signed-out` makes the browser drop them (Clear-Site-Data), so
// the next person on this browser finds nothing of the last one's in its cache.
function dropKeptAnswers() {
  try { void fetch('/signed-out', { method: 'POST', keepalive: true }).catch(() => undefined) } catch { /* no fetch (tests) */ }
}

function set(next: State) {
  if (state.token && !next.token) dropKeptAnswers()
  state = next
  try {
    if (next.token) localStorage.setItem(KEY, next.token)
    else localStorage.removeItem(KEY)
  } catch { /* private mode: the session lives in memory only */ }
  for (const l of listeners) l()
}

export const session = {
  token(): string | null {
    if (state.token && isExpired(state.token)) set({ token: null, expired: true })
    return state.token
  },
  snapshot(): State { return state },
  signIn(token: string) { set({ token, expired: false }) },
  signOut() { set({ token: null, expired: false, signedOut: true }) },
  /** The API refused the token: back to the login page, saying why. */
  expire() { if (state.token) set({ token: null, expired: true }) },
  subscribe(l: Listener): () => void {
    listeners.add(l)
    return () => { listeners.delete(l) }
  },
}
