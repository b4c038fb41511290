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
// Registered once the page has loaded and the browser is idle, as is advised: its script and the
// precache it downloads then never compete with the first page (and stay out of its weight).
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  const register = () => void import('virtual:pwa-register').then(({ registerSW }) => registerSW({ immediate: true }))
  const whenIdle = () => ('requestIdleCallback' in window ? requestIdleCallback(register, { timeout: 3000 }) : setTimeout(register, 1000))
  if (document.readyState === 'complete') whenIdle()
  else window.addEventListener('load', whenIdle, { once: true })
}
