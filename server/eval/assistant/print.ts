// The evaluation's report as text: the re-indexing's result, then one table (French / English
// labels) with each figure, its target and OK / ÉCHEC, then every failed item with what was
// expected and what came back, so the engine can be debugged from the output alone.
import type { Metric, Report } from './score.ts'

const pct = (v: number, total: number) => (total ? `${((100 * v) / total).toFixed(1)} %` : '—')

function figure(m: Metric): string {
  if (m.unit === 'ms') return `${m.value.toFixed(1)} ms`
  if (m.unit === '%') return `${m.value}/${m.total}  ${pct(m.value, m.total ?? 0)}`
  return String(m.value)
}

function target(m: Metric): string {
  const t = m.target
  if (!t) return ''
  if (m.unit === '%' && t.min !== undefined) return `≥ ${Math.round(t.min * 100)} %`
  if (t.equals !== undefined) return `= ${[t.equals].flat().join(' ou/or ')}`
  if (t.max !== undefined) return `≤ ${t.max}`
  if (t.min !== undefined) return `≥ ${t.min}`
  return ''
}

export function printReport(r: Report, opts: { verbose?: boolean; maxFailures?: number } = {}): string {
  const out: string[] = []
  const { generation, joined, documents, pages, pagesWithoutText, unreadableDocuments, excludedDocuments, reports, replacements, indexBytes, durationMs } = r.reindex
  out.push('Réindexation / reindexAssistant:', `  ${JSON.stringify({ generation, joined, documents, pages, pagesWithoutText, unreadableDocuments, excludedDocuments, reports, replacements, indexBytes, durationMs })}`, '')
  if (opts.verbose) out.push(...r.lines, '')
  const width = Math.max(...r.metrics.map((m) => m.label.length)) + 2
  let section = ''
  for (const m of r.metrics) {
    if (m.section !== section) { section = m.section; out.push(`— ${section}`) }
    const status = m.target ? (m.ok ? 'OK' : 'ÉCHEC / FAIL') : ''
    out.push(`  ${m.label.padEnd(width)}${figure(m).padStart(18)}   ${target(m).padEnd(14)}${status}`)
  }
  const t = r.timings
  out.push('', `Durées / timings: start ${(t.startMs / 1000).toFixed(1)} s, seed ${(t.seedMs / 1000).toFixed(1)} s, reindex ${(t.reindexMs / 1000).toFixed(1)} s, ask ${(t.askMs / 1000).toFixed(1)} s, suggest ${(t.suggestMs / 1000).toFixed(1)} s, total ${(t.totalMs / 1000).toFixed(1)} s`)
  if (r.failures.length) {
    const max = opts.maxFailures ?? 400
    out.push('', `Échecs / failed items (${r.failures.length}):`)
    for (const f of r.failures.slice(0, max)) {
      out.push(`  [${f.section}] ${f.id}${f.question ? `  « ${f.question} »` : ''}`, `      attendu / expected: ${f.expected}`, `      obtenu / got:       ${f.got}`)
    }
    if (r.failures.length > max) out.push(`  … ${r.failures.length - max} more`)
  }
  out.push('', r.passed ? 'Évaluation réussie / all targets met.' : `Évaluation en échec / targets missed: ${r.metrics.filter((m) => !m.ok).map((m) => m.label).join(' ; ')}`)
  return out.join('\n')
}
