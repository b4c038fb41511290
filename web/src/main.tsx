import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './app/app'
import { keepDayFresh, restoreKeptReads } from './app/kept-reads'

// The technician's day kept on the phone is put back before the first render, so that a page
// opened without network shows it (app/kept-reads.ts).
await restoreKeptReads()
createRoot(document.getElementById('root')!).render(<StrictMode><App /></StrictMode>)
keepDayFresh()

// The service worker (vite.config.ts, `pwa`): in builds only, so that development reloads stay live.
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  void import('virtual:pwa-register').then(({ registerSW }) => registerSW({ immediate: true }))
}
