// The invented company the evaluation seeds: sites with guardians, elevators of the invented
// brands (and two real brands with no manual, for near misses), users, partners, requesters.
// Every person here is someone the service knows, so the anonymiser must remove them wherever
// the manuals and notes name them (people.ts lists the forms the runner scans for).
import type { RoleName } from '../../src/modules/access/access.matrix.ts'

export interface SiteSpec { key: string; name: string; city: string; address: string; guardianName: string; guardianPhone: string; zones: string[]; client?: string }

export const SITES: SiteSpec[] = [
  { key: 'PLT', name: 'Résidence Les Platanes', city: 'Lyon', address: '14 rue des Platanes', guardianName: 'Sophie Moreau', guardianPhone: '06 71 22 33 44', zones: ['Bâtiment A', 'Bâtiment B'], client: 'regie' },
  { key: 'BLV', name: 'Tour Belvédère', city: 'Villeurbanne', address: '2 avenue du Belvédère', guardianName: 'Jean-Pierre Dufour', guardianPhone: '04 78 55 66 77', zones: [] },
  { key: 'CSM', name: 'Clos Saint-Martin', city: 'Vénissieux', address: '8 allée Saint-Martin', guardianName: 'Fatima Haddad', guardianPhone: '06 33 44 55 66', zones: ['Entrée 1', 'Entrée 2'], client: 'regie' },
  { key: 'PST', name: 'Centre médical Pasteur', city: 'Bron', address: '40 boulevard Pasteur', guardianName: 'Gérard Lopez', guardianPhone: '07 81 92 03 14', zones: [] },
]

export type ComponentTypeName = 'Armoire de commande' | 'Opérateur de porte' | 'Limiteur de vitesse' | 'Câbles de traction' | 'Centrale hydraulique' | 'Frein'

export interface AssetSpec {
  key: string
  /** Elevator reference (what the QR label and the citations show). */
  reference: string
  site: string
  zone?: string
  category: 'Ascenseur électrique à traction' | 'Ascenseur hydraulique'
  brand: string
  model: string
  loadKg: number
  floors: number
  components: { type: ComponentTypeName; brand: string; model: string }[]
}

const motraneKit = (ropes: string) => [
  { type: 'Armoire de commande' as const, brand: 'Kinetra', model: 'KX-3' },
  { type: 'Opérateur de porte' as const, brand: 'Ascenda', model: 'AD20' },
  { type: 'Limiteur de vitesse' as const, brand: 'Vertika', model: 'LV8' },
  { type: 'Câbles de traction' as const, brand: 'Filacier', model: ropes },
]
const hydrolisKit = [
  { type: 'Armoire de commande' as const, brand: 'Kinetra', model: 'KX-3' },
  { type: 'Opérateur de porte' as const, brand: 'Ascenda', model: 'AD20' },
  { type: 'Centrale hydraulique' as const, brand: 'Hydrolis', model: 'HU60-S' },
]

export const ASSETS: AssetSpec[] = [
  { key: 'PLT-A1', reference: 'PLT-A1', site: 'PLT', zone: 'Bâtiment A', category: 'Ascenseur électrique à traction', brand: 'Motrane', model: 'MG250', loadKg: 630, floors: 7, components: motraneKit('FS8') },
  { key: 'PLT-B1', reference: 'PLT-B1', site: 'PLT', zone: 'Bâtiment B', category: 'Ascenseur électrique à traction', brand: 'Motrane', model: 'MG250', loadKg: 630, floors: 7, components: motraneKit('FS8') },
  { key: 'BLV-1', reference: 'BLV-1', site: 'BLV', category: 'Ascenseur électrique à traction', brand: 'Motrane', model: 'MG400', loadKg: 1275, floors: 18, components: motraneKit('FS10') },
  { key: 'BLV-2', reference: 'BLV-2', site: 'BLV', category: 'Ascenseur électrique à traction', brand: 'Motrane', model: 'MG400', loadKg: 1275, floors: 18, components: motraneKit('FS10') },
  { key: 'CSM-1', reference: 'CSM-1', site: 'CSM', zone: 'Entrée 1', category: 'Ascenseur hydraulique', brand: 'Hydrolis', model: 'HU60', loadKg: 630, floors: 4, components: hydrolisKit },
  { key: 'CSM-2', reference: 'CSM-2', site: 'CSM', zone: 'Entrée 2', category: 'Ascenseur hydraulique', brand: 'Hydrolis', model: 'HU60', loadKg: 630, floors: 4, components: hydrolisKit },
  // No manual for these three: questions about them are near misses.
  { key: 'PST-1', reference: 'PST-1', site: 'PST', category: 'Ascenseur électrique à traction', brand: 'Schindler', model: '3300', loadKg: 1000, floors: 5, components: [] },
  { key: 'PST-2', reference: 'PST-2', site: 'PST', category: 'Ascenseur électrique à traction', brand: 'Otis', model: 'Gen2', loadKg: 630, floors: 5, components: [] },
  { key: 'PST-3', reference: 'PST-3', site: 'PST', category: 'Ascenseur électrique à traction', brand: 'Motrane', model: 'MG160', loadKg: 320, floors: 5, components: [] },
]

export interface UserSpec { key: string; displayName: string; email: string; role: RoleName; phone: string }

/** Invited through the API and activated with their link, as real staff would be. */
export const USERS: UserSpec[] = [
  { key: 'benali', displayName: 'Karim Benali', email: 'k.benali@palier-asc.fr', role: 'Technicien', phone: '06 40 50 60 70' },
  { key: 'fabre', displayName: 'Julien Fabre', email: 'j.fabre@palier-asc.fr', role: 'Technicien', phone: '06 41 51 61 71' },
  { key: 'garnier', displayName: 'Élodie Garnier', email: 'e.garnier@palier-asc.fr', role: 'Technicien', phone: '06 42 52 62 72' },
  { key: 'lefevre', displayName: 'Nadia Lefèvre', email: 'n.lefevre@palier-asc.fr', role: 'Technicien', phone: '06 43 53 63 73' },
  { key: 'roux', displayName: 'Thomas Roux', email: 't.roux@palier-asc.fr', role: 'Dispatcher', phone: '06 44 54 64 74' },
  { key: 'vasseur', displayName: 'Claire Vasseur', email: 'c.vasseur@regie-lumiere.fr', role: 'Demandeur', phone: '06 45 55 65 75' },
]

export interface PartnerSpec { key: string; name: string; kind: 'SUPPLIER' | 'CLIENT'; contactName: string; email: string; phone: string }

export const PARTNERS: PartnerSpec[] = [
  { key: 'motrane', name: 'Motrane Services France', kind: 'SUPPLIER', contactName: 'Laurent Girard', email: 'l.girard@motrane-service.fr', phone: '06 12 34 56 78' },
  { key: 'regie', name: 'Régie Lumière', kind: 'CLIENT', contactName: 'Patrick Chevalier', email: 'p.chevalier@regie-lumiere.fr', phone: '04 78 60 70 80' },
]

/** People who called in without an account: on orders (requesterName) and portal reports. */
export const REQUESTERS = {
  phone: ['Nicole Perrin', 'Mme Nicole Perrin'],
  portal: { name: 'Bernard Lemoine', phone: '06 87 65 43 21' },
}

/** Every person the service knows, as « first last » (the runner derives the other forms). */
export const KNOWN_PEOPLE: string[] = [
  ...SITES.map((s) => s.guardianName),
  ...USERS.map((u) => u.displayName),
  ...PARTNERS.map((p) => p.contactName),
  'Nicole Perrin',
  REQUESTERS.portal.name,
]
