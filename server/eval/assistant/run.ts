// `npm run eval:assistant`: seeds the evaluation corpus into an in-process app (embedded store,
// or DATABASE_URL as the tests), re-indexes, asks every question, prints the report and exits
// with 1 when a target of issue 15 is missed (2 when the assistant's routes are missing).
// EVAL_VERBOSE=1 prints every question's result. runEval() is exported for a CI test.
import { EngineMissing, runEval } from './evaluate.ts'
import { printReport } from './print.ts'

export { runEval } from './evaluate.ts'
export type { Report } from './score.ts'

if (import.meta.filename === process.argv[1]) {
  const verbose = process.env.EVAL_VERBOSE === '1'
  try {
    const report = await runEval()
    console.log(printReport(report, { verbose }))
    process.exitCode = report.passed ? 0 : 1
  } catch (err) {
    if (err instanceof EngineMissing) {
      console.error(err.message)
      process.exitCode = 2
    } else throw err
  }
}
