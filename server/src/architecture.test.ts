// The shape of the code, checked: dependencies point one way, SQL stays in queries files, and
// every module folder is declared once and listed once.
import assert from 'node:assert/strict'
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { test } from 'node:test'
import { fileURLToPath } from 'node:url'
import { MODULES } from './modules/index.ts'

const root = path.dirname(fileURLToPath(import.meta.url))

function sources(dir = root): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name)
    if (e.isDirectory()) return e.name === 'migrations' ? [] : sources(full)
    return e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') ? [full] : []
  })
}

const rel = (f: string) => path.relative(root, f).split(path.sep).join('/')
/** The files `file` imports, resolved relative to src/. */
function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8')
  return [...text.matchAll(/from '(\.[^']+)'/g)].map((m) => rel(path.resolve(path.dirname(file), m[1])))
}

test('http/ imports no module: modules depend on http, never the reverse', () => {
  const bad = sources().filter((f) => rel(f).startsWith('http/')).flatMap((f) => importsOf(f).filter((i) => i.startsWith('modules/')).map((i) => `${rel(f)} → ${i}`))
  assert.deepEqual(bad, [])
})

test('only main.ts and the test harness import the composition root', () => {
  const bad = sources().filter((f) => !['main.ts', 'test/harness.ts'].includes(rel(f)) && importsOf(f).includes('app.ts')).map(rel)
  assert.deepEqual(bad, [])
})

test('SQL is written only in queries files, the schema, seeds and the database adapter', () => {
  const allowed = (f: string) => f.endsWith('.queries.ts') || f.startsWith('db/') || f === 'platform/db.ts' || f.startsWith('test/')
  const bad = sources().filter((f) => !allowed(rel(f)) && /from 'drizzle-orm/.test(readFileSync(f, 'utf8'))).map(rel)
  assert.deepEqual(bad, [])
})

test('every module folder has one declaration, listed once in modules/index.ts', () => {
  const folders = readdirSync(path.join(root, 'modules'), { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name)
  const declared = folders.filter((d) => readdirSync(path.join(root, 'modules', d)).includes(`${d}.module.ts`))
  // access is the store side of the pipeline (matrix, principal), not a module with routes.
  assert.deepEqual(folders.filter((d) => !declared.includes(d)), ['access'])
  assert.equal(MODULES.length, declared.length)
  assert.equal(new Set(MODULES.map((m) => m.name)).size, MODULES.length)
})

test('modules read the caller’s rights from the pipeline’s caller, never from the matrix themselves', () => {
  // http/register.ts loads the role's rows once per request and hands them over as `caller`
  // (may, scope); a module reading them again, or turning rows into rights or scopes by
  // itself, would restate the pipeline's decision. Reading a TARGET role's rows (granting a
  // role in users) is not the caller's rights and stays allowed.
  const rederives = [/\.permissions\(\s*[\w.]*\w\.role\.id\s*\)/, /\bscopeOf\(/, /\ballows\(/]
  const bad = sources()
    .filter((f) => rel(f).startsWith('modules/') && !rel(f).startsWith('modules/access/'))
    .flatMap((f) => rederives.filter((re) => re.test(readFileSync(f, 'utf8'))).map((re) => `${rel(f)}: ${re}`))
  assert.deepEqual(bad, [])
})
