// What a refresh brings that a person must not miss (issue 19): a new trapped-person report on
// the dispatcher's desk, an order newly assigned to a technician. The tab's title says it,
// « (1) Personne bloquée — Palier », until the page is looked at (focus, a tap, a key), and a
// short beep plays unless the person turned « Son des alertes » off (kept in localStorage).
// Only what appears after the page's first answer alerts: what was there at load does not.
import { useEffect } from 'react'

/** Something a list shows; `urgent` (a trapped person) names the title before anything else. */
export interface Arrival { id: string; label: string; urgent?: boolean }

const SOUND_KEY = 'palier.alertSound'

export function alertSoundOn(): boolean {
  return globalThis.localStorage?.getItem(SOUND_KEY) !== 'off'
}

export function setAlertSound(on: boolean) {
  localStorage.setItem(SOUND_KEY, on ? 'on' : 'off')
  if (on) beep()
}

// --- the title --------------------------------------------------------------------------

let unseen = 0
let label = ''
let urgentShown = false
let plainTitle: string | null = null

function looked() {
  if (!unseen || document.visibilityState !== 'visible') return
  unseen = 0
  urgentShown = false
  document.title = plainTitle ?? document.title
}

let listening = false
function listen() {
  if (listening) return
  listening = true
  for (const e of ['pointerdown', 'keydown'] as const) window.addEventListener(e, () => { unlockAudio(); looked() }, { passive: true })
  window.addEventListener('focus', looked)
  document.addEventListener('visibilitychange', () => { if (document.hasFocus()) looked() })
}

/** Says `arrivals` in the title (counted until the page is looked at) and with the beep. */
export function announce(arrivals: readonly Arrival[]) {
  if (!arrivals.length) return
  listen()
  plainTitle ??= document.title
  unseen += arrivals.length
  const urgent = arrivals.find((a) => a.urgent)
  if (urgent) { label = urgent.label; urgentShown = true } else if (!urgentShown) label = arrivals[0]!.label
  document.title = `(${unseen}) ${label} — ${plainTitle}`
  if (alertSoundOn()) beep()
}

// --- what has been seen -----------------------------------------------------------------

// Per list and person, for the page's life: coming back to the dashboard alerts for what
// arrived meanwhile, not again for what was seen.
const seen = new Map<string, Set<string>>()
// What this page wrote itself (an order or a request it created, an order whose assignees it
// set): known to the one who did it before any list shows it, so never announced to them.
const madeHere = new Set<string>()

/** Marks a record this page has just created or taken: no list announces it here. */
export function wroteHere(id: string) { madeHere.add(id) }

/**
 * Announces the items of `items` that were not in it before. The first answer only sets what
 * is known. `items` undefined: not yet answered (an answer put back from the phone's kept reads,
 * of another day, is not an answer: pass undefined until the network's).
 */
export function useArrivals(list: string, items: readonly Arrival[] | undefined) {
  useEffect(() => {
    if (!items) return
    const known = seen.get(list)
    if (!known) { seen.set(list, new Set(items.map((i) => i.id))); return }
    const fresh = items.filter((i) => !known.has(i.id) && !madeHere.has(i.id))
    for (const i of fresh) known.add(i.id)
    announce(fresh)
  }, [list, items])
}

/** Forgets what was seen (tests; a new person signing in has lists of its own key). */
export function forgetArrivals() { seen.clear(); madeHere.clear() }

// --- the sound --------------------------------------------------------------------------

let audio: AudioContext | null = null

/** Browsers let a page sound only after a gesture: the first tap or key readies the context. */
function unlockAudio() {
  if (typeof AudioContext === 'undefined') return
  audio ??= new AudioContext()
  if (audio.state === 'suspended') void audio.resume()
}

/** Two short tones (no sound file to load). Silent where the browser refuses. */
export function beep() {
  if (typeof AudioContext === 'undefined') return
  try {
    audio ??= new AudioContext()
    if (audio.state === 'suspended') void audio.resume()
    const t = audio.currentTime
    for (const [at, frequency] of [[0, 880], [0.2, 660]] as const) {
      const osc = audio.createOscillator()
      const gain = audio.createGain()
      osc.frequency.value = frequency
      gain.gain.setValueAtTime(0.0001, t + at)
      gain.gain.exponentialRampToValueAtTime(0.25, t + at + 0.02)
      gain.gain.exponentialRampToValueAtTime(0.0001, t + at + 0.16)
      osc.connect(gain).connect(audio.destination)
      osc.start(t + at)
      osc.stop(t + at + 0.18)
    }
  } catch {
    // No audio device or a refused context: the title still says it.
  }
}
