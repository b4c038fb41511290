// `npm run contract` writes contract/openapi.json from the code; `--check` fails when the
// committed file differs (stale) or when the contract breaks the invariants we promise.
// It reads the route declarations only: no database, cache or storage is opened.
import { readFile, writeFile } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import { declaredRoutes } from '../modules/index.ts'
import { API_VERSION } from '../version.ts'
import { buildOpenApi } from './openapi.ts'

// `--out FILE` writes elsewhere (to lint a draft without touching the committed contract).
const outAt = process.argv.indexOf('--out')
const target = outAt > 0 ? process.argv[outAt + 1] : fileURLToPath(new URL('../../../contract/openapi.json', import.meta.url))
const check = process.argv.includes('--check')

const openapi = buildOpenApi(declaredRoutes(), { version: API_VERSION })
const text = JSON.stringify(openapi, null, 2) + '\n'

const problems: string[] = []
const ids = new Set<string>()
for (const [path, ops] of Object.entries(openapi.paths)) {
  for (const [method, op] of Object.entries(ops as Record<string, { operationId: string; requestBody?: unknown }>)) {
    if (ids.has(op.operationId)) problems.push(`duplicate operationId ${op.operationId}`)
    ids.add(op.operationId)
    if (!path.startsWith('/')) problems.push(`${method} ${path}: path must start with /`)
  }
}
for (const [name, schema] of Object.entries(openapi.components.schemas as Record<string, { type?: string; additionalProperties?: unknown }>)) {
  if (schema.type === 'object' && schema.additionalProperties !== false) problems.push(`schema ${name} accepts unknown properties`)
}

if (check) {
  const committed = await readFile(target, 'utf8').catch(() => '')
  if (committed !== text) problems.push('contract/openapi.json is stale: run `npm run contract` and commit it')
  if (problems.length) {
    console.error(problems.join('\n'))
    process.exit(1)
  }
  console.log(`contract/openapi.json is up to date (${ids.size} operations)`)
} else {
  if (problems.length) {
    console.error(problems.join('\n'))
    process.exit(1)
  }
  await writeFile(target, text)
  console.log(`wrote ${target} (${ids.size} operations)`)
}
