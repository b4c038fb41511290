import { describe, expect, it } from 'vitest'
import { checklistProgress, nextChecklistStatus, withItemStatus } from './checklist'

describe('the checklist cycle', () => {
  it('goes à faire → Fait → Sans objet → à faire, one tap each', () => {
    const seen = ['TODO' as const]
    for (let i = 0; i < 3; i++) seen.push(nextChecklistStatus(seen[seen.length - 1]) as never)
    expect(seen).toEqual(['TODO', 'DONE', 'NA', 'TODO'])
  })

  it('counts done and not-applicable items as settled, the rest still to do', () => {
    expect(checklistProgress([{ status: 'DONE' }, { status: 'NA' }, { status: 'TODO' }])).toEqual({ settled: 2, total: 3, todo: 1 })
    expect(checklistProgress([])).toEqual({ settled: 0, total: 0, todo: 0 })
  })

  it('changes only the tapped item in the optimistic view', () => {
    const item = (id: string) => ({ id, label: id, position: 1, status: 'TODO' as const, updatedBy: null, updatedAt: null })
    const next = withItemStatus({ checklist: [item('a'), item('b')] }, 'b', 'DONE')
    expect(next.checklist.map((i) => i.status)).toEqual(['TODO', 'DONE'])
  })
})
