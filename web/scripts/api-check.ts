// CI: the web client's API types must be generated from the current contract.
import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('..', import.meta.url))
const out = path.join(mkdtempSync(path.join(os.tmpdir(), 'palier-api-')), 'schema.d.ts')
execFileSync('npx', ['openapi-typescript', '../contract/openapi.json', '-o', out], { cwd: root, stdio: 'ignore' })
const committed = readFileSync(path.join(root, 'src/lib/api/schema.d.ts'), 'utf8')
if (readFileSync(out, 'utf8') !== committed) {
  console.error('web/src/lib/api/schema.d.ts is stale: run `npm run contract` and commit it.')
  process.exit(1)
}
console.log('web/src/lib/api/schema.d.ts matches contract/openapi.json')
