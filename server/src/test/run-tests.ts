// `npm test` in server/: every test file; `npm test -- <files or globs>` only those (npm
// appends the arguments, which `node --test "src/**/*.test.ts"` would have run beside the
// whole suite). --test-name-pattern, --test-skip-pattern, --test-only and
// --test-concurrency=N work as with `node --test`; any other option (or
// TEST_ISOLATION=process) runs `node --test` itself, one process per file as before.
//
// By default one worker process more than the machine has cores (three on two) takes the files
// one at a time (test-worker.ts): a test waiting on its database, a timer or a child process
// leaves its core to another worker (on 2 cores, 130 → 117 s on PGlite, 113 → 99 s on
// PostgreSQL, against two workers). Each file runs with its own test tree but in a process
// that has already loaded the service's modules: starting a process per file (importing
// Fastify, Drizzle, the app, then compiling its schemas in a first buildApp) cost about 5 s
// of CPU per file, about as much as the tests.
import { spawnSync } from 'node:child_process'
import { existsSync, globSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { runInWorkers, type Selection } from './test-pool.ts'

const args = process.argv.slice(2)
// Node's on-disk cache of compiled code, for the workers and the services tests start.
process.env.NODE_COMPILE_CACHE ??= path.join(os.tmpdir(), 'palier-node-compile-cache')

const selection: Selection = { files: [], testNamePatterns: [], testSkipPatterns: [], only: false, workers: os.availableParallelism() + 1 }
let passThrough = process.env.TEST_ISOLATION === 'process'
for (let i = 0; i < args.length; i++) {
  const [flag, inline] = args[i].split(/=(.*)/s, 2)
  const value = () => inline ?? args[++i]
  if (!flag.startsWith('-')) selection.files.push(...(existsSync(flag) ? [flag] : globSync(flag)))
  else if (flag === '--test-name-pattern') selection.testNamePatterns.push(value())
  else if (flag === '--test-skip-pattern') selection.testSkipPatterns.push(value())
  else if (flag === '--test-only') selection.only = true
  else if (flag === '--test-concurrency') selection.workers = Math.max(1, Number(value()))
  else passThrough = true
}

if (passThrough) {
  const named = args.some((a) => !a.startsWith('-'))
  const run = spawnSync(process.execPath, ['--test', '--test-concurrency=2', ...args, ...(named ? [] : ['src/**/*.test.ts'])], { stdio: 'inherit' })
  process.exit(run.status ?? 1)
}

if (!args.some((a) => !a.startsWith('-'))) selection.files = globSync('src/**/*.test.ts')
process.exit(await runInWorkers(selection))
