import { beforeEach, describe, expect, it } from 'vitest'
import { cleanName, savedViews } from './saved-views'

describe('saved views, per person in this browser', () => {
  beforeEach(() => localStorage.clear())

  it('keeps, renames and removes a person’s views, apart from another person’s', () => {
    const late = savedViews.add('u1', { name: '  Retards   Lyon ', kind: 'workOrders', to: '/ordres?late=true' })
    savedViews.add('u1', { name: 'Portail', kind: 'requests', to: '/demandes?source=PORTAL' })
    savedViews.add('u2', { name: 'Autre', kind: 'requests', to: '/demandes' })
    expect(savedViews.list('u1').map((v) => [v.name, v.to])).toEqual([['Retards Lyon', '/ordres?late=true'], ['Portail', '/demandes?source=PORTAL']])
    savedViews.rename('u1', late.id, 'Retards')
    savedViews.remove('u1', savedViews.list('u1')[1]!.id)
    expect(savedViews.list('u1').map((v) => v.name)).toEqual(['Retards'])
    expect(savedViews.list('u2').map((v) => v.name)).toEqual(['Autre'])
  })

  it('ignores what is not a view (old or hand-edited storage)', () => {
    localStorage.setItem('palier.savedViews.u1', JSON.stringify([{ id: 'a', name: 'x', kind: 'assets', to: '/x' }, { id: 'b', name: 'y', kind: 'requests', to: 'https://evil' }, 3]))
    expect(savedViews.list('u1')).toEqual([])
    localStorage.setItem('palier.savedViews.u1', '{oops')
    expect(savedViews.list('u1')).toEqual([])
    expect(cleanName('x'.repeat(80))).toHaveLength(60)
  })
})
