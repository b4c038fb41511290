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
/** The office's chunks: the administration's and the analytics' pages, and the charts library. */
const OFFICE_PAGE = /\/src\/features\/(admin|analytics)\//
const CHARTS = /\/node_modules\/(recharts|@mantine\/charts|d3-[a-z-]+|victory-vendor)\//

/**
 * The documents (manuals) the technician opened, kept for the basement: the download answer of a
 * document never changes (a new version is a new document), so it is served from the cache once
 * kept. Bounded to the 20 last opened and 50 MB in all (the oldest dropped first); the cache is
 * emptied at sign-out (app/kept-reads.ts), and web/src/lib/api/kept-documents.ts shows which are kept.
 */
const documentsKept = {
  urlPattern: /\/api\/documents\/[^/]+\/download$/,
  handler: 'CacheFirst' as const,
  options: {
    cacheName: 'palier-documents',
    expiration: { maxEntries: 20, purgeOnQuotaError: true },
    cacheableResponse: { statuses: [200] },
    plugins: [{
      // Serialized into the worker: self-contained, no closure over this file.
      cacheDidUpdate: async ({ cacheName }: { cacheName: string }) => {
        const limit = 50 * 1024 * 1024
        const cache = await caches.open(cacheName)
        const sized: { req: Request; bytes: number; at: number }[] = []
        for (const req of await cache.keys()) {
          const res = await cache.match(req)
          if (!res) continue
          const bytes = Number(res.headers.get('content-length')) || (await res.clone().blob()).size
          sized.push({ req, bytes, at: Date.parse(res.headers.get('date') ?? '') || 0 })
        }
        sized.sort((a, b) => a.at - b.at)
        let total = sized.reduce((n, s) => n + s.bytes, 0)
        for (const s of sized) {
          if (total <= limit) break
          await cache.delete(s.req)
          total -= s.bytes
        }
      },
    }],
  },
}

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
    // What a technician never opens in the field (the office's charts, the administration's
    // pages: `office-` chunks, see build below) is loaded from the network when opened, not
    // precached on every phone.
    globIgnores: ['assets/office-*'],
    runtimeCaching: [documentsKept],
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
    rollupOptions: {
      output: {
        // Named `office-…` so that the service worker leaves them out of its precache.
        chunkFileNames: (chunk) => {
          const office = (chunk.facadeModuleId && OFFICE_PAGE.test(chunk.facadeModuleId)) || chunk.moduleIds.some((id) => CHARTS.test(id))
            || (chunk.moduleIds.length > 0 && chunk.moduleIds.every((id) => OFFICE_PAGE.test(id)))
          return office ? 'assets/office-[name]-[hash].js' : 'assets/[name]-[hash].js'
        },
        // The charts' styles go with them.
        assetFileNames: (asset) => (asset.originalFileNames.some((f) => CHARTS.test(`/${f}`)) || asset.names.some((n) => n.startsWith('grid-chart'))
          ? 'assets/office-[name]-[hash][extname]' : 'assets/[name]-[hash][extname]'),
      },
    },
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
