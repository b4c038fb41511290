// The documentation's screenshots (docs/screenshots/), taken against the same embedded demo
// service as the journeys: `npm run -w web screenshots`. Not part of `npm test` (its file is
// not a *.spec.ts, so the journeys' config never picks it up).
import { defineConfig, type PlaywrightTestConfig } from '@playwright/test'
import journeys from './playwright.config'

type WebServer = NonNullable<PlaywrightTestConfig['webServer']> & { env: Record<string, string> }
const server = journeys.webServer as WebServer

export default defineConfig({
  ...journeys,
  testMatch: /screenshots\.shots\.ts$/,
  workers: 1,
  reporter: [['list']],
  projects: [{ name: 'screenshots' }],
  // The labels print the address guardians would reach, not the test server's.
  webServer: { ...server, env: { ...server.env, PUBLIC_URL: 'https://palier.example.fr' } },
})
