import { describe, expect, it } from 'vitest'
import type { Location } from '@/features/locations'
import type { Schemas } from '@/lib/api/client'
import { siteLabels } from './label-data'

const loc = (id: string, name: string, parentId: string | null, extra: Partial<Location> = {}): Location => ({
  id, name, parentId, address: null, city: null, guardianName: null, guardianPhone: null, latitude: null, longitude: null,
  partnerId: null, partnerName: null, assetCount: 0, ...extra,
})
const asset = (reference: string, locationId: string, locationName: string): Schemas['Asset'] => ({
  id: reference, reference, brand: 'Otis', model: 'Gen2', serialNumber: null, commissionedAt: null, loadKg: 630, floors: 9,
  status: 'IN_SERVICE', categoryId: 'c', categoryName: 'Ascenseur', locationId, locationName, siteName: 'Résidence Part-Dieu', componentCount: 0,
})

describe('site label sheet', () => {
  it('prints each asset with its place, its address (zone’s, else site’s) and its portal URL', () => {
    const locations = [loc('s1', 'Résidence Part-Dieu', null, { address: '45 rue Garibaldi', city: 'Lyon' }), loc('z1', 'Bâtiment A', 's1')]
    const [inZone, onSite] = siteLabels([asset('LYO-PD-A1', 'z1', 'Bâtiment A'), asset('LYO-PD-X', 's1', 'Résidence Part-Dieu')], locations, 'https://ascenseurs.example/')
    expect(inZone).toEqual({
      id: 'LYO-PD-A1', reference: 'LYO-PD-A1', title: 'Otis Gen2 · Ascenseur', place: 'Résidence Part-Dieu › Bâtiment A',
      address: '45 rue Garibaldi, Lyon', url: 'https://ascenseurs.example/p/LYO-PD-A1',
    })
    expect(onSite.place).toBe('Résidence Part-Dieu')
  })
})
