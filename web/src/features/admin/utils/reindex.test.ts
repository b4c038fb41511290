import { describe, expect, it } from 'vitest'
import { formatBytes, formatDuration, formatElapsed, reindexFigures } from './reindex'

const nb = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ')

describe('re-indexing figures', () => {
  it('reads every count in French, in order', () => {
    const rows = reindexFigures({
      generation: 3, joined: false, documents: 12, pages: 1240, pagesWithoutText: 3, unreadableDocuments: 1, excludedDocuments: 0, reports: 536,
      replacements: { email: 1, phone: 7, person: 0 }, indexBytes: 640_000, durationMs: 83_400,
      startedAt: '2026-11-26T23:31:31.535Z', finishedAt: '2026-11-26T23:32:54.935Z',
    }).map((r) => `${r.label} : ${nb(r.value)}`)
    expect(rows).toEqual([
      'Documents lus : 12', 'Pages indexées : 1 240', 'Pages sans texte : 3', 'Documents illisibles : 1', 'Documents exclus : 0',
      'Rapports : 536', 'Taille de l’index : 625 Ko', 'Durée : 1 min 23 s', 'Remplacements : 1 courriel · 7 téléphones · 0 personne',
    ])
  })

  it('says elapsed times and durations in seconds, then minutes', () => {
    expect(nb(formatElapsed(0))).toBe('0 s')
    expect(nb(formatElapsed(59.9))).toBe('59 s')
    expect(nb(formatElapsed(185))).toBe('3 min 05 s')
    expect(nb(formatDuration(40))).toBe('0,1 s')
    expect(nb(formatDuration(1327))).toBe('1,3 s')
    expect(nb(formatDuration(12_000))).toBe('12 s')
  })

  it('sizes in Ko, Mo, Go', () => {
    expect(nb(formatBytes(300))).toBe('1 Ko')
    expect(nb(formatBytes(50_000_000))).toBe('47,7 Mo')
    expect(nb(formatBytes(2 * 1024 ** 3))).toBe('2 Go')
  })
})
