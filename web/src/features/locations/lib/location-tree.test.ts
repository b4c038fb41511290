import { describe, expect, it } from 'vitest'
import { addressOf, filterTree, locationChoices, siteTree, type Location } from './location-tree'

const loc = (id: string, name: string, parentId: string | null, extra: Partial<Location> = {}): Location => ({
  id, name, parentId, address: null, city: null, guardianName: null, guardianPhone: null, latitude: null, longitude: null,
  partnerId: null, partnerName: null, assetCount: 0, ...extra,
})
const flat = [
  loc('s1', 'Résidence Part-Dieu', null, { address: '45 rue Garibaldi', city: 'Lyon' }),
  loc('z1', 'Bâtiment A', 's1'),
  loc('z2', 'Parking', 's1', { address: '2 rue du Parking' }),
  loc('s2', 'Tour Batignolles', null, { city: 'Paris' }),
  loc('z9', 'Zone orpheline', 'hors-perimetre'),
]

describe('siteTree', () => {
  it('hangs each zone under its site, keeping the order, and drops zones of unseen sites', () => {
    const tree = siteTree(flat)
    expect(tree.map((n) => [n.site.name, n.zones.map((z) => z.name)])).toEqual([
      ['Résidence Part-Dieu', ['Bâtiment A', 'Parking']],
      ['Tour Batignolles', []],
    ])
  })

  it('filters by site, city or zone name, ignoring accents and case', () => {
    const tree = siteTree(flat)
    expect(filterTree(tree, 'batiment').map((n) => n.site.name)).toEqual(['Résidence Part-Dieu'])
    expect(filterTree(tree, 'PARIS').map((n) => n.site.name)).toEqual(['Tour Batignolles'])
    expect(filterTree(tree, '  ')).toHaveLength(2)
  })

  it('offers a site and its zones as choices grouped by site', () => {
    expect(locationChoices(siteTree(flat))[0]).toEqual({
      group: 'Résidence Part-Dieu',
      items: [
        { value: 's1', label: 'Résidence Part-Dieu (tout le site)' },
        { value: 'z1', label: 'Résidence Part-Dieu › Bâtiment A' },
        { value: 'z2', label: 'Résidence Part-Dieu › Parking' },
      ],
    })
  })
})

describe('addressOf', () => {
  it('prints the zone’s address when it has one, else its site’s', () => {
    expect(addressOf('z2', flat)).toEqual({ address: '2 rue du Parking', city: 'Lyon' })
    expect(addressOf('z1', flat)).toEqual({ address: '45 rue Garibaldi', city: 'Lyon' })
    expect(addressOf('s2', flat)).toEqual({ address: null, city: 'Paris' })
  })
})
