// A worker of run-tests.ts: runs the test files it is handed one after the other, each in a
// test tree of its own (`run()` without isolation), so that a file's top-level hooks stay its
// own while the modules it imports are loaded once per worker.
//
// A file is over, as under `node --test`, when its tests have ended and nothing it started
// keeps the event loop busy: the channel to the parent is unref'd meanwhile, so the test
// runner's end-of-loop handler reports the file (still-pending tests cancelled, as before).
import { Transform } from 'node:stream'
import { run } from 'node:test'
import { spec } from 'node:test/reporters'
import type { FileResult, Selection } from './test-pool.ts'

type Task = { done: true } | (Omit<Selection, 'files' | 'workers'> & { file: string })

// Each file's own totals are left out of its report: the parent prints the run's totals.
const TOTALS = /^(tests|suites|pass|fail|cancelled|skipped|todo|duration_ms) [\d.]+$/
const withoutTotals = () => new Transform({
  objectMode: true,
  transform(event, _enc, cb) {
    cb(null, event.type === 'test:diagnostic' && event.data.nesting === 0 && TOTALS.test(event.data.message) ? undefined : event)
  },
})

async function runFile(task: Exclude<Task, { done: true }>): Promise<FileResult> {
  const started = Date.now()
  const events = run({
    files: [task.file],
    isolation: 'none',
    ...(task.testNamePatterns.length ? { testNamePatterns: task.testNamePatterns } : {}),
    ...(task.testSkipPatterns.length ? { testSkipPatterns: task.testSkipPatterns } : {}),
    only: task.only,
  })
  let summary: { success: boolean; counts: Record<string, number> } | undefined
  events.on('test:summary', (s) => { if (s.file === undefined) summary = s })
  let report = ''
  await new Promise((resolve, reject) => {
    events.compose(withoutTotals()).compose(spec).on('data', (d: string | Buffer) => { report += d }).on('end', resolve).on('error', reject)
  })
  return { file: task.file, report, success: summary?.success ?? false, counts: summary?.counts ?? {}, ms: Date.now() - started }
}

process.on('message', async (task: Task) => {
  if ('done' in task) process.exit(0)
  process.channel!.unref()
  const result = await runFile(task)
  process.channel!.ref()
  process.send!(result)
})
process.send!('ready')
