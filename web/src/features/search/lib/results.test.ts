import { describe, expect, it } from 'vitest'
import type { Schemas } from '@/lib/api/client'
import { announce, toGroups } from './results'

const data: Schemas['SearchResponse'] = {
  workOrders: [{ id: 'w1', reference: 'OT-000557', type: 'CORRECTIVE', status: 'OPEN', description: 'La cabine s’arrête sous le palier.', assetReference: 'NAN-IC-PMR1', siteName: 'Quartier de la Création' }],
  assets: [{ id: 'a1', reference: 'LYO-PD-A1', brand: 'Otis', model: null, status: 'IN_SERVICE', siteName: 'Résidence Part-Dieu' }],
  sites: [{ id: 's1', name: 'Résidence Vaugirard', address: '210 rue de Vaugirard', city: null }],
  parts: [],
  people: [],
}

describe('search results', () => {
  it('groups the families in order under French titles, with their links and secondary lines', () => {
    const groups = toGroups(data, true)
    expect(groups.map((g) => g.title)).toEqual(['Ordres de travail', 'Ascenseurs', 'Sites'])
    const [wo, asset, site] = groups.flatMap((g) => g.items)
    expect(wo).toMatchObject({ label: 'OT-000557', to: '/ordres/w1', description: 'Dépannage · NAN-IC-PMR1 · Quartier de la Création · La cabine s’arrête sous le palier.' })
    expect(asset).toMatchObject({ label: 'LYO-PD-A1', to: '/equipements/a1', description: 'Otis · Résidence Part-Dieu' })
    expect(site).toMatchObject({ label: 'Résidence Vaugirard', to: '/equipements?site=s1', description: '210 rue de Vaugirard' })
  })

  it('leaves out empty families; a site leads to the sites page without the right to see elevators', () => {
    const groups = toGroups({ ...data, workOrders: [], assets: [] }, false)
    expect(groups.map((g) => g.family)).toEqual(['sites'])
    expect(groups[0]!.items[0]!.to).toBe('/sites')
  })

  it('lists parts and people last, a part to its page, a person to the people list filtered on the name', () => {
    const groups = toGroups({ ...data, parts: [{ id: 'p1', reference: 'P-000012', designation: 'Contacteur de porte', quantity: 3 }],
      people: [{ id: 'u1', displayName: 'Émilie Durand', initials: 'ED' }] }, true)
    expect(groups.map((g) => g.title)).toEqual(['Ordres de travail', 'Ascenseurs', 'Sites', 'Pièces', 'Personnes'])
    const [part, person] = groups.slice(3).flatMap((g) => g.items)
    expect(part).toMatchObject({ label: 'P-000012', to: '/stock/p1', description: 'Contacteur de porte · 3 en stock' })
    expect(person).toMatchObject({ label: 'Émilie Durand', to: '/administration/utilisateurs?q=%C3%89milie%20Durand' })
  })

  it('announces the count per family, or that nothing was found', () => {
    expect(announce(toGroups(data, true), 'r')).toBe('3 résultats (Ordres de travail\u00a0: 1, Ascenseurs\u00a0: 1, Sites\u00a0: 1)')
    expect(announce([], 'zz')).toBe('Aucun résultat pour «\u00a0zz\u00a0»')
  })
})
