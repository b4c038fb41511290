// Saved views: a person keeps a filtered list (work orders, requests) under a name and finds it
// again in the menu. Kept in this browser's localStorage, one entry per user id: the API's 77
// operations have no place for them (docs/work-orders.md, "Saved views"), and a view is only
// an address of the client (its filters live in the address already).
import { useCallback, useSyncExternalStore } from 'react'

export type SavedViewKind = 'workOrders' | 'requests'
export interface SavedView {
  id: string
  name: string
  kind: SavedViewKind
  /** The list's address with its filters (path and query), as the client reads it. */
  to: string
}

export const MAX_NAME = 60
const MAX_VIEWS = 30
const keyOf = (userId: string) => `palier.savedViews.${userId}`
const CHANGED = 'palier:saved-views'

function read(userId: string): SavedView[] {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(keyOf(userId)) ?? '[]')
    return Array.isArray(parsed) ? parsed.filter(isView) : []
  } catch {
    return []
  }
}

// A stored value is checked before use: it may be old, edited by hand or from another version.
function isView(v: unknown): v is SavedView {
  const x = v as Partial<SavedView> | null
  return typeof x?.id === 'string' && typeof x.name === 'string' && (x.kind === 'workOrders' || x.kind === 'requests')
    && typeof x.to === 'string' && x.to.startsWith('/')
}

function write(userId: string, views: SavedView[]) {
  try {
    localStorage.setItem(keyOf(userId), JSON.stringify(views.slice(0, MAX_VIEWS)))
  } catch { /* private mode or full: the view is not kept */ }
  window.dispatchEvent(new Event(CHANGED))
}

/** The name as kept: trimmed, spaces folded, at most MAX_NAME characters. */
export const cleanName = (name: string) => name.trim().replace(/\s+/g, ' ').slice(0, MAX_NAME)

export const savedViews = {
  list: read,
  add(userId: string, view: Omit<SavedView, 'id'>): SavedView {
    const saved = { ...view, name: cleanName(view.name), id: `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}` }
    write(userId, [...read(userId), saved])
    return saved
  },
  rename(userId: string, id: string, name: string) {
    write(userId, read(userId).map((v) => (v.id === id ? { ...v, name: cleanName(name) } : v)))
  },
  remove(userId: string, id: string) {
    write(userId, read(userId).filter((v) => v.id !== id))
  },
}

function subscribe(onChange: () => void) {
  window.addEventListener(CHANGED, onChange)
  // Another tab of the same person.
  window.addEventListener('storage', onChange)
  return () => {
    window.removeEventListener(CHANGED, onChange)
    window.removeEventListener('storage', onChange)
  }
}

/** The person's saved views, kept current when one is added, renamed or removed (this tab or another). */
export function useSavedViews(userId: string | undefined): SavedView[] {
  // The stored text is the snapshot (a string compares by value), parsed when it changes.
  const text = useSyncExternalStore(subscribe, useCallback(() => {
    if (!userId) return '[]'
    try { return localStorage.getItem(keyOf(userId)) ?? '[]' } catch { return '[]' }
  }, [userId]))
  return parseViews(text)
}

let lastText = ''
let lastViews: SavedView[] = []
function parseViews(text: string): SavedView[] {
  if (text !== lastText) {
    lastText = text
    try {
      const parsed: unknown = JSON.parse(text)
      lastViews = Array.isArray(parsed) ? parsed.filter(isView) : []
    } catch {
      lastViews = []
    }
  }
  return lastViews
}
