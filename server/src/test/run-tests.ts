// `npm test` in server/: every test file; `npm test -- <files or globs>` only those (npm
// appends the arguments, which `node --test "src/**/*.test.ts"` would have run beside the
// whole suite). Options such as --test-name-pattern pass through either way.
import { spawnSync } from 'node:child_process'

const args = process.argv.slice(2)
const named = args.some((a) => !a.startsWith('-'))
const run = spawnSync(process.execPath, ['--test', '--test-concurrency=2', ...args, ...(named ? [] : ['src/**/*.test.ts'])], { stdio: 'inherit' })
process.exit(run.status ?? 1)
