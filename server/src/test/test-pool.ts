// The parent side of run-tests.ts: hands the files out one at a time to worker processes
// (test-worker.ts), the longest first as last measured, prints each file's report whole as it
// ends, and totals them. A worker that dies takes its file down as a failure and is replaced.
import { fork, type ChildProcess } from 'node:child_process'
import { readFileSync, statSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'

export interface Selection {
  files: string[]
  testNamePatterns: string[]
  testSkipPatterns: string[]
  only: boolean
  workers: number
}

/** What a worker sends back for one file. */
export interface FileResult {
  file: string
  report: string
  success: boolean
  counts: Record<string, number>
  ms: number
}

const workerFile = new URL('./test-worker.ts', import.meta.url)
// Durations of the last run, to start the long files first: the run ends when the last file
// does, and a long file started late would leave the other worker idle. One file per store:
// a file skipped on PostgreSQL (main.test.ts) takes a minute on the embedded one, and the
// PostgreSQL run's 0 s must not send it to the back of the next embedded run.
const durationsFile = path.join(os.tmpdir(), `palier-test-durations-${process.env.DATABASE_URL ? 'postgres' : 'embedded'}.json`)

// The slow files of one embedded run, committed: a fresh machine has no durations yet, and
// ordered by size the newcomer's process test (three minutes on a busy machine) ran last.
const slowFiles = new URL('./slow-files.json', import.meta.url)

function readDurations(): Record<string, number> {
  const read = (file: string | URL) => {
    try {
      return JSON.parse(readFileSync(file, 'utf8')) as Record<string, number>
    } catch {
      return {}
    }
  }
  return { ...read(slowFiles), ...read(durationsFile) }
}

export async function runInWorkers(sel: Selection): Promise<number> {
  const started = Date.now()
  const known = readDurations()
  // Unknown files first, the larger first (new files are often the long ones).
  const weight = (f: string) => known[f] ?? 1e9 + statSync(f).size
  const queue = [...new Set(sel.files)].sort((a, b) => weight(b) - weight(a))
  const total: Record<string, number> = {}
  const failed: string[] = []
  const durations: Record<string, number> = {}

  const record = (r: FileResult) => {
    process.stdout.write(`▶ ${r.file} (${(r.ms / 1000).toFixed(1)} s)\n${r.report}`)
    for (const [k, v] of Object.entries(r.counts)) total[k] = (total[k] ?? 0) + v
    if (!r.success) failed.push(r.file)
    durations[r.file] = r.ms
  }

  await new Promise<void>((allDone) => {
    let running = 0
    const spawnWorker = () => {
      running++
      const child: ChildProcess = fork(workerFile, [], { stdio: 'inherit' })
      let current: string | null = null
      const next = () => {
        current = queue.shift() ?? null
        child.send(current === null ? { done: true } : { file: current, ...sel, files: undefined })
      }
      child.on('message', (m: FileResult | 'ready') => {
        if (m !== 'ready') record(m)
        next()
      })
      child.on('exit', (code, signal) => {
        running--
        if (current !== null) {
          record({ file: current, report: `✖ the worker exited (${signal ?? code}) while running this file\n`, success: false, counts: { tests: 1, failed: 1 }, ms: 0 })
          current = null
          if (queue.length) spawnWorker()
        }
        if (running === 0) allDone()
      })
    }
    for (let i = 0; i < Math.min(sel.workers, queue.length); i++) spawnWorker()
    if (queue.length === 0) allDone()
  })

  writeFileSync(durationsFile, JSON.stringify({ ...known, ...durations }))
  const line = (k: string, label = k) => `ℹ ${label} ${total[k] ?? 0}\n`
  const files = Object.keys(durations).length
  const workers = Math.min(sel.workers, files)
  process.stdout.write(`ℹ files ${files} on ${workers} worker${workers === 1 ? '' : 's'}\n` + line('tests') + line('suites')
    + line('passed', 'pass') + line('failed', 'fail') + line('cancelled') + line('skipped') + line('todo')
    + `ℹ duration_ms ${Date.now() - started}\n`)
  if (failed.length) process.stdout.write(`\n✖ files with failures:\n${failed.map((f) => `  ${f}\n`).join('')}`)
  return failed.length ? 1 : 0
}
