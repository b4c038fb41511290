// Which documents are kept on the phone for the basement: the service worker keeps the download
// answer of each document opened (vite.config.ts, `palier-documents`, the 20 last, 50 MB in
// all). The screens read that cache to say « Disponible hors connexion », and sign-out empties
// it (another person's manuals are not left on a shared phone).
import { useEffect, useState, useSyncExternalStore } from 'react'

export const KEPT_DOCUMENTS_CACHE = 'palier-documents'
const DOWNLOAD = /\/api\/documents\/([^/]+)\/download$/

let version = 0
const listeners = new Set<() => void>()

/** Says that the cache may have changed (a document was just opened). */
export function keptDocumentsChanged() {
  version++
  for (const l of listeners) l()
}

/** The ids of the documents kept in the worker's cache (none without Cache Storage). */
export async function keptDocumentIds(): Promise<Set<string>> {
  if (typeof caches === 'undefined') return new Set()
  try {
    if (!(await caches.has(KEPT_DOCUMENTS_CACHE))) return new Set()
    const keys = await (await caches.open(KEPT_DOCUMENTS_CACHE)).keys()
    return new Set(keys.flatMap((r) => DOWNLOAD.exec(new URL(r.url).pathname)?.[1] ?? []))
  } catch {
    return new Set()
  }
}

export async function forgetKeptDocuments() {
  if (typeof caches !== 'undefined') await caches.delete(KEPT_DOCUMENTS_CACHE).catch(() => false)
  keptDocumentsChanged()
}

const subscribe = (l: () => void) => { listeners.add(l); return () => { listeners.delete(l) } }

/** The kept documents' ids, read again after each opening. */
export function useKeptDocumentIds(): Set<string> {
  const v = useSyncExternalStore(subscribe, () => version)
  const [ids, setIds] = useState<Set<string>>(() => new Set())
  useEffect(() => {
    let live = true
    // The worker writes the cache just after answering: read it a moment later.
    const t = setTimeout(() => { void keptDocumentIds().then((s) => { if (live) setIds(s) }) }, v === 0 ? 0 : 500)
    return () => { live = false; clearTimeout(t) }
  }, [v])
  return ids
}
