// The shape of the web client, checked from its import statements: imports flow one way
// (shared → features → app), a feature reaches another only through its public entry
// (`@/features/<f>`, its index.ts) and never in a circle, and the data layer stays in one place
// (query keys, writes and Link-header paging in lib/api). docs/architecture.md, "The web client".
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

const src = path.dirname(fileURLToPath(import.meta.url))

function sources(dir = src): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name)
    if (e.isDirectory()) return sources(full)
    return /\.tsx?$/.test(e.name) && !e.name.endsWith('.d.ts') ? [full] : []
  })
}

const rel = (f: string) => path.relative(src, f).split(path.sep).join('/')

/** Every module a text imports or re-exports: static, type-only, side-effect and dynamic. */
function specifiers(text: string): string[] {
  const found = [
    ...text.matchAll(/\b(?:import|export)\s[^'";]*?\bfrom\s*'([^']+)'/g),
    ...text.matchAll(/\bimport\s*'([^']+)'/g),
    ...text.matchAll(/\bimport\(\s*'([^']+)'\s*\)/g),
  ]
  return found.map((m) => m[1]!)
}

/** What a specifier names inside src/ (`@/x` or relative), or null for a package. */
function target(file: string, spec: string): string | null {
  if (spec.startsWith('@/')) return spec.slice(2)
  if (spec.startsWith('.')) return rel(path.resolve(path.dirname(path.join(src, file)), spec))
  return null
}

const featureOf = (p: string) => /^features\/([^/]+)/.exec(p)?.[1] ?? null

/** The imports of `file` (relative to src/) that break the feature boundary. */
function boundaryViolations(file: string, text: string, hasEntry: (feature: string) => boolean): string[] {
  const own = featureOf(file)
  // main.tsx only starts the app: it belongs to it.
  const layer = own ? 'features' : file === 'main.tsx' ? 'app' : file.split('/')[0]
  return specifiers(text).flatMap((spec) => {
    const to = target(file, spec)
    if (to === null) return []
    const other = featureOf(to)
    const say = (why: string) => [`${file} → ${spec}: ${why}`]
    if (to.startsWith('app/') && layer !== 'app') return say('only the app imports the app')
    if (other === null || other === own || layer === 'app') return []
    if (layer !== 'features') return say('shared code imports no feature')
    if (to !== `features/${other}` || !spec.startsWith('@/')) return say(`another feature is reached through its public entry, @/features/${other}`)
    if (!hasEntry(other)) return say(`features/${other} has no public entry (index.ts)`)
    return []
  })
}

/** The features each feature imports (through their entries), for the cycle check. */
function featureGraph(files: { file: string; text: string }[]): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>()
  for (const { file, text } of files) {
    const own = featureOf(file)
    if (!own) continue
    for (const spec of specifiers(text)) {
      const other = featureOf(target(file, spec) ?? '')
      if (other && other !== own) graph.set(own, (graph.get(own) ?? new Set()).add(other))
    }
  }
  return graph
}

function cycles(graph: Map<string, Set<string>>): string[] {
  const found: string[] = []
  const visit = (node: string, trail: string[]) => {
    if (trail.includes(node)) { found.push([...trail.slice(trail.indexOf(node)), node].join(' → ')); return }
    for (const next of graph.get(node) ?? []) visit(next, [...trail, node])
  }
  for (const node of graph.keys()) visit(node, [])
  return found
}

/** Every file, tests included (they too import across features), but this one (its examples
 * are imports on purpose); `code` leaves the tests out. */
const all = sources().map((f) => ({ file: rel(f), text: readFileSync(f, 'utf8') })).filter(({ file }) => file !== 'architecture.test.ts')
const code = all.filter(({ file }) => !/\.test\.tsx?$/.test(file))
const hasEntry = (feature: string) => existsSync(path.join(src, 'features', feature, 'index.ts'))
/** Files outside `allowed` whose text matches `pattern`. */
const outside = (allowed: string[], pattern: RegExp) => code.filter(({ file, text }) => !allowed.includes(file) && pattern.test(text)).map(({ file }) => file)

describe('the feature boundary', () => {
  it('finds a deep import into another feature, shared code importing a feature, and a feature without an entry', () => {
    const entries = (f: string) => f === 'locations'
    expect(boundaryViolations('features/assets/routes/x.tsx', "import { a } from '@/features/locations/api/locations'", entries)).toHaveLength(1)
    expect(boundaryViolations('features/assets/routes/x.tsx', "import type { B } from '../../stock/lib/b'", entries)).toHaveLength(1)
    expect(boundaryViolations('features/assets/routes/x.tsx', "export { c } from '@/features/stock'", entries)).toHaveLength(1)
    expect(boundaryViolations('lib/x.ts', "const m = import('@/features/locations')", entries)).toHaveLength(1)
    expect(boundaryViolations('features/assets/routes/x.tsx', "import '@/app/providers'", entries)).toHaveLength(1)
    expect(boundaryViolations('features/assets/routes/x.tsx', "import {\n  siteTree,\n} from '@/features/locations'\nimport { d } from '../lib/d'", entries)).toEqual([])
    expect(boundaryViolations('app/router.tsx', "import { routes } from '@/features/assets/routes'", entries)).toEqual([])
    expect(cycles(new Map([['a', new Set(['b'])], ['b', new Set(['a'])]]))).not.toEqual([])
  })

  it('holds: a feature imports another only through its public entry, shared code imports no feature', () => {
    expect(all.flatMap(({ file, text }) => boundaryViolations(file, text, hasEntry))).toEqual([])
  })

  it('has no circle between features', () => {
    expect(cycles(featureGraph(all))).toEqual([])
  })
})

describe('the data layer', () => {
  it('names API query keys only in lib/api/query-keys.ts and what writes refresh only in write-refreshes.ts', () => {
    expect(outside(['lib/api/query-keys.ts'], /\[\s*'(get|post|put|patch|delete)'\s*,\s*'\//)).toEqual([])
    // The checklist's taps read the order again once the last one has landed, not after each:
    // the one refresh that is not a write's (write-refreshes.ts says so).
    expect(outside(['lib/api/use-write.ts', 'features/work-orders/api/work-orders.ts'], /invalidateQueries/)).toEqual([])
  })

  it('writes only through useWrite, and reads the Link header only in lib/api', () => {
    expect(outside(['lib/api/use-write.ts'], /\buseMutation\b/)).toEqual([])
    expect(outside(['lib/api/cursor-list.ts'], /\buseInfiniteQuery\b/)).toEqual([])
    expect(outside(['lib/api/paging.ts', 'lib/api/cursor-list.ts'], /\bnextCursor\b|\bfetchPage\b/)).toEqual([])
  })
})
