import { fileURLToPath } from 'node:url'
import react from '@vitejs/plugin-react'
import { VitePWA } from 'vite-plugin-pwa'
import { defineConfig } from 'vitest/config'

// `npm run dev`: hot reload here, API calls proxied to the service (`npm start`, port 3000).
/**
 * The installable app (a technician's phone without signal, docs/architecture.md "Offline"):
 * Workbox precaches the built shell, and every page address opens it from the cache. The page
 * itself is precached as the server renders it ('/', its public-URL meta filled), revised at
 * each build. API answers are not cached by the worker: the technician's day is kept in
 * IndexedDB by the client (app/kept-reads.ts). The worker is registered by main.tsx, in builds only.
 */
const pwa = VitePWA({
  injectRegister: null,
  registerType: 'autoUpdate',
  includeAssets: ['favicon.svg', 'icons/apple-touch-icon.png'],
  manifest: {
    name: 'Palier',
    short_name: 'Palier',
    description: 'Maintenance des ascenseurs : ordres de travail, demandes, stock.',
    lang: 'fr',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    background_color: '#ffffff',
    theme_color: '#1c7ed6',
    icons: [
      { src: '/icons/pwa-192.png', sizes: '192x192', type: 'image/png' },
      { src: '/icons/pwa-512.png', sizes: '512x512', type: 'image/png' },
      { src: '/icons/pwa-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  },
  workbox: {
    globPatterns: ['assets/**/*.{js,css,woff2,svg}', 'icons/*.png', 'favicon.svg'],
    maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
    additionalManifestEntries: [{ url: '/', revision: Date.now().toString(36) }],
    navigateFallback: '/',
    navigateFallbackDenylist: [/^\/api(\/|$)/],
    clientsClaim: true,
    skipWaiting: true,
    cleanupOutdatedCaches: true,
  },
})

export default defineConfig({
  plugins: [react(), pwa],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  server: {
    port: 5173,
    proxy: { '/api': process.env.PALIER_API ?? 'http://127.0.0.1:3000' },
  },
  build: {
    outDir: 'dist',
    // The CSP forbids inline script: Vite's module preload polyfill would be one.
    modulePreload: { polyfill: false },
    chunkSizeWarningLimit: 600,
  },
  test: {
    environment: 'jsdom',
    // Each file still runs in a context of its own, but jsdom is set up once per worker rather
    // than once per file (43 times: three quarters of the run, 79 s of wall -> 12 s).
    pool: 'vmThreads',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/testing/setup.ts'],
  },
})
