// The demonstration dataset: a French elevator maintenance company with sites in six cities.
// Later capabilities extend it (assets, work orders, stock…). Plain data, no logic.
import type { RoleName } from '../modules/access/access.matrix.ts'

export const DEMO_PARTNERS = [
  { key: 'sodimas', name: 'Sodimas Pièces Détachées', kind: 'SUPPLIER', contactName: 'Service commandes', email: 'commandes@sodimas-pieces.example', phone: '04 75 00 12 34', address: 'ZA Les Auréats, 26000 Valence' },
  { key: 'epe', name: 'Elevator Parts Europe', kind: 'SUPPLIER', contactName: 'Marc Olivier', email: 'ventes@elevator-parts.example', phone: '01 48 00 45 67', address: '12 rue de l’Industrie, 93200 Saint-Denis' },
  { key: 'prisme', name: 'Prisme Distribution Ascenseurs', kind: 'SUPPLIER', contactName: 'Laura Chevalier', email: 'contact@prisme-distribution.example', phone: '02 40 00 78 90', address: '5 boulevard des Nations, 44300 Nantes' },
  { key: 'foncia', name: 'Foncia Lyon Bellecour', kind: 'CLIENT', contactName: 'Hélène Bonnet', email: 'gestion.bellecour@foncia-lyon.example', phone: '04 72 00 11 22', address: '8 place Bellecour, 69002 Lyon' },
  { key: 'nexity', name: 'Nexity Gestion Paris 15', kind: 'CLIENT', contactName: 'Olivier Fabre', email: 'syndic.paris15@nexity-gestion.example', phone: '01 45 00 33 44', address: '120 rue de Vaugirard, 75015 Paris' },
  { key: 'citya', name: 'Citya Immobilier Marseille', kind: 'CLIENT', contactName: 'Samia Belkacem', email: 'vieux-port@citya-marseille.example', phone: '04 91 00 55 66', address: '2 quai du Port, 13002 Marseille' },
  { key: 'habitat44', name: 'Habitat 44', kind: 'CLIENT', contactName: 'Yann Le Goff', email: 'patrimoine@habitat44.example', phone: '02 51 00 77 88', address: '3 rue Arthur III, 44200 Nantes' },
] as const

export const DEMO_SITES = [
  { key: 'lyon-part-dieu', name: 'Résidence Part-Dieu', address: '45 rue Garibaldi', city: 'Lyon', guardianName: 'Mme Fatima Kaci', guardianPhone: '06 12 34 56 78', latitude: 45.7605, longitude: 4.8530, partner: 'foncia', zones: ['Bâtiment A', 'Bâtiment B', 'Parking souterrain'] },
  { key: 'lyon-confluence', name: 'Immeuble Confluence', address: '12 cours Charlemagne', city: 'Lyon', guardianName: 'M. Jean Perrin', guardianPhone: '06 23 45 67 89', latitude: 45.7431, longitude: 4.8176, partner: 'foncia', zones: ['Hall nord', 'Hall sud'] },
  { key: 'paris-vaugirard', name: 'Résidence Vaugirard', address: '210 rue de Vaugirard', city: 'Paris', guardianName: 'Mme Maria Da Silva', guardianPhone: '06 34 56 78 90', latitude: 48.8399, longitude: 2.3017, partner: 'nexity', zones: ['Escalier 1', 'Escalier 2', 'Escalier 3'] },
  { key: 'paris-batignolles', name: 'Tour Batignolles', address: '4 rue Cardinet', city: 'Paris', guardianName: 'M. Ahmed Traoré', guardianPhone: '06 45 67 89 01', latitude: 48.8867, longitude: 2.3155, partner: 'nexity', zones: ['Tour', 'Parking'] },
  { key: 'marseille-vieux-port', name: 'Le Panoramique Vieux-Port', address: '18 quai de Rive-Neuve', city: 'Marseille', guardianName: 'M. Lucien Orsini', guardianPhone: '06 56 78 90 12', latitude: 43.2924, longitude: 5.3697, partner: 'citya', zones: ['Bâtiment Mer', 'Bâtiment Colline'] },
  { key: 'nantes-ile', name: 'Quartier de la Création', address: '7 allée de l’Île-Gloriette', city: 'Nantes', guardianName: 'Mme Gwenaëlle Le Roux', guardianPhone: '06 67 89 01 23', latitude: 47.2073, longitude: -1.5534, partner: 'habitat44', zones: ['Îlot 1', 'Îlot 2'] },
  { key: 'lille-euralille', name: 'Centre d’affaires Euralille', address: '100 avenue Willy-Brandt', city: 'Lille', guardianName: 'M. Kevin Dupuis', guardianPhone: '06 78 90 12 34', latitude: 50.6372, longitude: 3.0753, partner: null, zones: ['Aile est', 'Aile ouest'] },
  { key: 'bordeaux-chartrons', name: 'Clinique des Chartrons', address: '25 quai des Chartrons', city: 'Bordeaux', guardianName: 'Mme Isabelle Lacoste', guardianPhone: '06 89 01 23 45', latitude: 44.8516, longitude: -0.5703, partner: null, zones: ['Bloc opératoire', 'Hospitalisation'] },
] as const

export interface DemoPerson {
  key: string
  displayName: string
  email: string
  role: RoleName
  isDemo: boolean
  hourlyRateCents: number | null
  phone: string | null
  sites?: string[]
}

// One demo account per role (shown on the login page), plus the rest of the staff.
export const DEMO_PEOPLE: DemoPerson[] = [
  { key: 'admin', displayName: 'Claire Martin', email: 'claire.martin@demo.palier.fr', role: 'Administrateur', isDemo: true, hourlyRateCents: null, phone: '06 10 00 00 01' },
  { key: 'dispatcher', displayName: 'Julien Moreau', email: 'julien.moreau@demo.palier.fr', role: 'Dispatcher', isDemo: true, hourlyRateCents: 3800, phone: '06 10 00 00 02' },
  { key: 'tech', displayName: 'Karim Benali', email: 'karim.benali@demo.palier.fr', role: 'Technicien', isDemo: true, hourlyRateCents: 5200, phone: '06 10 00 00 03' },
  { key: 'tech-limited', displayName: 'Lucas Petit', email: 'lucas.petit@demo.palier.fr', role: 'Technicien limité', isDemo: true, hourlyRateCents: 3900, phone: '06 10 00 00 04' },
  { key: 'manager', displayName: 'Sophie Laurent', email: 'sophie.laurent@demo.palier.fr', role: 'Gestionnaire', isDemo: true, hourlyRateCents: null, phone: '06 10 00 00 05' },
  { key: 'requester', displayName: 'Hélène Bonnet', email: 'helene.bonnet@demo.palier.fr', role: 'Demandeur', isDemo: true, hourlyRateCents: null, phone: '04 72 00 11 22', sites: ['lyon-part-dieu', 'lyon-confluence'] },
  { key: 'viewer', displayName: 'Paul Girard', email: 'paul.girard@demo.palier.fr', role: 'Vue seule', isDemo: true, hourlyRateCents: null, phone: null },
  { key: 'tech-lyon-2', displayName: 'Thomas Lefèvre', email: 'thomas.lefevre@demo.palier.fr', role: 'Technicien', isDemo: false, hourlyRateCents: 4800, phone: '06 10 00 00 11' },
  { key: 'tech-paris-1', displayName: 'Mehdi Haddad', email: 'mehdi.haddad@demo.palier.fr', role: 'Technicien', isDemo: false, hourlyRateCents: 5500, phone: '06 10 00 00 12' },
  { key: 'tech-paris-2', displayName: 'Inès Garcia', email: 'ines.garcia@demo.palier.fr', role: 'Technicien', isDemo: false, hourlyRateCents: 4600, phone: '06 10 00 00 13' },
  { key: 'tech-south', displayName: 'Antoine Dubois', email: 'antoine.dubois@demo.palier.fr', role: 'Technicien', isDemo: false, hourlyRateCents: 5800, phone: '06 10 00 00 14' },
  { key: 'tech-west', displayName: 'Gaëlle Le Bihan', email: 'gaelle.lebihan@demo.palier.fr', role: 'Technicien limité', isDemo: false, hourlyRateCents: 3600, phone: '06 10 00 00 15' },
  { key: 'dispatcher-2', displayName: 'Nadia Cherif', email: 'nadia.cherif@demo.palier.fr', role: 'Dispatcher', isDemo: false, hourlyRateCents: 3700, phone: '06 10 00 00 16' },
  { key: 'requester-paris', displayName: 'Olivier Fabre', email: 'olivier.fabre@demo.palier.fr', role: 'Demandeur', isDemo: false, hourlyRateCents: null, phone: '01 45 00 33 44', sites: ['paris-vaugirard', 'paris-batignolles'] },
]

export const DEMO_TEAMS = [
  { name: 'Équipe Lyon', description: 'Secteur Rhône : Part-Dieu, Confluence.', members: ['tech', 'tech-lyon-2', 'tech-limited'] },
  { name: 'Équipe Paris', description: 'Paris intra-muros et petite couronne.', members: ['tech-paris-1', 'tech-paris-2'] },
  { name: 'Équipe Sud-Ouest', description: 'Marseille, Bordeaux et Nantes.', members: ['tech-south', 'tech-west'] },
  { name: 'Astreinte week-end', description: 'Dépannages urgents samedi et dimanche, personnes bloquées en priorité.', members: ['tech', 'tech-paris-1', 'tech-south'] },
] as const
