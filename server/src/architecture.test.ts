// The shape of the code, checked: dependencies point one way, SQL stays in queries files, the
// tables live beside their module and the seed above the modules, and every module folder is
// declared once and listed once.
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

interface ImportStatement { typeOnly: boolean; names: string[]; from: string }
/** The import and re-export statements of `file`: packages by name, files relative to src/. */
function statementsOf(file: string): ImportStatement[] {
  const text = readFileSync(file, 'utf8')
  return [...text.matchAll(/^(?:import|export)\s+(type\s+)?([^'";]*?)\s*from\s*'([^']+)'/gm)].map((m) => ({
    typeOnly: Boolean(m[1]),
    names: [...(m[2].match(/\{([^}]*)\}/)?.[1] ?? '').split(',')].map((n) => n.trim().split(/\s+as\s+/)[0].replace(/^type\s+/, '')).filter(Boolean),
    from: m[3].startsWith('.') ? rel(path.resolve(path.dirname(file), m[3])) : m[3],
  }))
}

/** Groups of files that import one another, directly or not (type imports count). */
function importCycles(files: string[]): string[][] {
  const graph = new Map(files.map((f) => [rel(f), statementsOf(f).map((s) => s.from)]))
  const index = new Map<string, number>(), low = new Map<string, number>(), stack: string[] = [], cycles: string[][] = []
  const visit = (v: string) => {
    index.set(v, index.size); low.set(v, index.get(v)!); stack.push(v)
    for (const w of graph.get(v)!.filter((w) => graph.has(w))) {
      if (!index.has(w)) { visit(w); low.set(v, Math.min(low.get(v)!, low.get(w)!)) } else if (stack.includes(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!))
    }
    if (low.get(v) !== index.get(v)) return
    const group = stack.splice(stack.indexOf(v))
    if (group.length > 1) cycles.push(group.sort())
  }
  for (const v of graph.keys()) if (!index.has(v)) visit(v)
  return cycles
}

const tablesFiles = () => sources().filter((f) => rel(f).endsWith('.tables.ts'))

test('http/ imports no module: modules depend on http, never the reverse', () => {
  const bad = sources().filter((f) => rel(f).startsWith('http/')).flatMap((f) => importsOf(f).filter((i) => i.startsWith('modules/')).map((i) => `${rel(f)} → ${i}`))
  assert.deepEqual(bad, [])
})

test('platform/ imports from the modules only their tables, which type the database handle', () => {
  const bad = sources().filter((f) => rel(f).startsWith('platform/')).flatMap((f) => importsOf(f).filter((i) => i.startsWith('modules/') && i !== 'modules/tables.ts').map((i) => `${rel(f)} → ${i}`))
  assert.deepEqual(bad, [])
})

test('db/ imports no module and no seed: the tables live in the modules, the seed above them', () => {
  const bad = sources().filter((f) => rel(f).startsWith('db/')).flatMap((f) => importsOf(f).filter((i) => /^(modules|seed)\//.test(i)).map((i) => `${rel(f)} → ${i}`))
  assert.deepEqual(bad, [])
})

test('no module imports the seed; outside it, only the composition root, the entry point and the test harness do', () => {
  const allowed = (f: string) => f.startsWith('seed/') || ['app.ts', 'main.ts'].includes(f) || f.startsWith('test/')
  const bad = sources().filter((f) => !allowed(rel(f))).flatMap((f) => importsOf(f).filter((i) => i.startsWith('seed/')).map((i) => `${rel(f)} → ${i}`))
  assert.deepEqual(bad, [])
})

test("a tables file imports drizzle, db/'s column shapes, types, and other modules' tables only for its foreign keys", () => {
  const bad = tablesFiles().flatMap((f) => {
    const text = readFileSync(f, 'utf8')
    return statementsOf(f).flatMap((s) => {
      if (s.typeOnly || ['drizzle-orm', 'drizzle-orm/pg-core', 'db/columns.ts'].includes(s.from)) return []
      if (!s.from.endsWith('.tables.ts')) return [`${rel(f)} → ${s.from}`]
      // A table of another file is imported to be referenced: `.references(() => table.column)`.
      return s.names.filter((n) => !new RegExp(`=> ${n}\\.`).test(text)).map((n) => `${rel(f)} → ${s.from}: ${n} is no foreign key`)
    })
  })
  assert.deepEqual(bad, [])
})

test('no import cycle runs through db/, the seed or a tables file, but tables referencing each other', () => {
  const bad = importCycles(sources()).filter((c) => c.some((f) => /^(db|seed)\/|\.tables\.ts$/.test(f)) && !c.every((f) => f.endsWith('.tables.ts')))
  assert.deepEqual(bad, [])
})

test('modules/tables.ts gathers every tables file: the typed database handle and drizzle-kit know the same tables', () => {
  const gathered = statementsOf(path.join(root, 'modules/tables.ts')).map((s) => s.from)
  const found = tablesFiles().map(rel)
  assert.deepEqual(gathered.toSorted(), found.toSorted())
  // drizzle.config.ts reads modules/<d>/<d>.tables.ts: one tables file per module, named after it.
  assert.match(readFileSync(path.join(root, '../drizzle.config.ts'), 'utf8'), /schema: '\.\/src\/modules\/\*\/\*\.tables\.ts'/)
  assert.deepEqual(found.filter((f) => !/^modules\/([^/]+)\/\1\.tables\.ts$/.test(f)), [])
})

test('backup/ is the operator\'s tool: nothing outside it imports it', () => {
  const bad = sources().filter((f) => !rel(f).startsWith('backup/')).flatMap((f) => importsOf(f).filter((i) => i.startsWith('backup/')).map((i) => `${rel(f)} → ${i}`))
  assert.deepEqual(bad, [])
})

test('only main.ts and the test harness import the composition root', () => {
  const bad = sources().filter((f) => !['main.ts', 'test/harness.ts'].includes(rel(f)) && importsOf(f).includes('app.ts')).map(rel)
  assert.deepEqual(bad, [])
})

test('SQL is written only in queries files, tables files, the seed and the database adapter', () => {
  const allowed = (f: string) => f.endsWith('.queries.ts') || f.endsWith('.tables.ts') || f.startsWith('db/') || f.startsWith('seed/') || f === 'platform/db.ts' || f.startsWith('test/')
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
