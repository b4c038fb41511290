// Journeys in Debian's Chromium against a real service started on the embedded defaults
// (PGlite, memory cache) with the demo data, in a throw-away DATA_DIR.
import { existsSync, mkdtempSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { defineConfig } from '@playwright/test'

const port = Number(process.env.E2E_PORT ?? 3900)
export const baseURL = `http://127.0.0.1:${port}`
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'palier-e2e-'))

// The journeys run in Debian's headless shell (chromium-headless-shell: the same Blink and V8,
// without the full browser's window machinery), as Playwright's own headless runs do: a fifth
// less CPU and wall time than the full Chromium for the same journeys. The full browser stays
// for what only it has, its PDF viewer: the assistant's journeys open a manual at its page. The
// whole file runs there, not that journey alone: each project builds the file's corpus once,
// and two copies of the same manual would share the answer's citations.
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell'
const FULL_CHROMIUM = '/usr/bin/chromium'
const FULL_BROWSER_FILES = /assistant\.spec\.ts/
function launchOptions(executablePath: string) {
  return {
    executablePath,
    // Without these Chromium's own background connections are refused by the closed network.
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
      '--disable-component-update', '--disable-sync', '--disable-dev-shm-usage'],
  }
}

export default defineConfig({
  testDir: 'e2e',
  // Generous: on a shared 2-core machine under load a first page can take several seconds.
  timeout: 120_000,
  expect: { timeout: 30_000 },
  fullyParallel: false,
  workers: 2,
  retries: 0,
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never', outputFolder: 'playwright-report' }]],
  use: {
    baseURL,
    locale: 'fr-FR',
    timezoneId: 'Europe/Paris',
    // A failed journey keeps its trace (each action, the network, the console) and its
    // screenshot. No screencast (filming every journey made Chromium composite frames for
    // nothing, about a quarter of the run's CPU) and no DOM snapshot at each action (another
    // sixth of the journeys' CPU, every journey paying for the few that fail).
    trace: { mode: 'retain-on-failure', screenshots: false, snapshots: false, sources: false },
    screenshot: 'only-on-failure',
    launchOptions: launchOptions(process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : FULL_CHROMIUM)),
  },
  // The budgets are timed once the journeys are over, so that the other worker's journeys do
  // not share the CPU with the measured page.
  projects: [
    { name: 'journeys', testIgnore: [/budgets\.spec\.ts/, FULL_BROWSER_FILES] },
    { name: 'full-browser', testMatch: FULL_BROWSER_FILES, use: { launchOptions: launchOptions(FULL_CHROMIUM) } },
    { name: 'budgets', testMatch: /budgets\.spec\.ts/, dependencies: ['journeys', 'full-browser'] },
  ],
  webServer: {
    command: 'node ../server/src/main.ts',
    url: `${baseURL}/api/health`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DEMO_MODE: '1',
      PUBLIC_URL: baseURL,
      LOG_LEVEL: 'warn',
      // Several journeys run side by side under one demo account.
      RATE_LIMIT_PER_MINUTE: '100000',
    },
  },
})
