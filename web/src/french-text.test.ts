// The UI speaks French only, with one apostrophe (’) — hidden text included: a DataTable left to
// its default says « No records », a title or aria-label typed with ' reads differently.
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((n) => {
    const p = join(dir, n)
    if (statSync(p).isDirectory()) return sources(p)
    return /\.tsx?$/.test(n) && !/\.test\.tsx?$|\.d\.ts$/.test(n) ? [p] : []
  })
}
const files = sources(join(__dirname)).map((p) => ({ p, text: readFileSync(p, 'utf8') }))

// Code without its comments: the comments are English and may use '.
function code(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\//g, '').split('\n').map((l) => l.replace(/(^|[^:'"`])\/\/.*$/, '$1')).join('\n')
}

describe('French UI text', () => {
  it('uses the typographic apostrophe in strings and JSX text', () => {
    const found = files.flatMap(({ p, text }) => code(text).split('\n')
      // A letter, a straight quote, a letter: « l'équipement », never a JS quote boundary.
      .filter((l) => /[A-Za-zÀ-ÿ]'[A-Za-zÀ-ÿ]/.test(l.replace(/'[^'\n]*'/g, (m) => (/[A-Za-zÀ-ÿ]'[A-Za-zÀ-ÿ]/.test(m.slice(1, -1)) ? m : "''"))))
      .map((l) => `${p}: ${l.trim()}`))
    expect(found).toEqual([])
  })
  it('gives every DataTable a French empty text', () => {
    const missing = files.filter(({ text }) => /<DataTable\b/.test(text) && !/noRecordsText/.test(text)).map(({ p }) => p)
    expect(missing).toEqual([])
  })
  it('leaves no English placeholder or « N-A » in the UI', () => {
    const found = files.flatMap(({ p, text }) => code(text).split('\n')
      .filter((l) => /['"`>](No records|Loading|Search|Submit|Cancel|Close|Delete|Save|N-A|N\/A)\b/.test(l))
      .map((l) => `${p}: ${l.trim()}`))
    expect(found).toEqual([])
  })
})
