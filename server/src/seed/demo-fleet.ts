// The demonstration fleet: 36 appliances over the demo sites and zones, all of real brands but
// one (an invented maker, whose manuals are in the demo library), and the component kits
// fitted to each family. Plain data; demo-assets.ts turns it into rows.
import type { AssetStatus } from '../modules/assets/assets.schemas.ts'

/** Standard EQUIPMENT categories (reference-data.ts), by short key. */
export const EQUIPMENT = {
  traction: 'Ascenseur électrique à traction',
  hydraulic: 'Ascenseur hydraulique',
  mrl: 'Ascenseur sans local machine (MRL)',
  goods: 'Monte-charge',
  pmr: 'Plateforme élévatrice PMR',
  escalator: 'Escalier mécanique',
} as const

/** Standard COMPONENT_TYPE categories (reference-data.ts), by short key. */
export const COMPONENT = {
  door: 'Opérateur de porte',
  controller: 'Armoire de commande',
  machine: 'Machine de traction',
  brake: 'Frein',
  ropes: 'Câbles de traction',
  governor: 'Limiteur de vitesse',
  safety: 'Parachute',
  hydraulicUnit: 'Centrale hydraulique',
  jack: 'Vérin hydraulique',
  carPanel: 'Boîte à boutons cabine',
  alarm: 'Téléalarme',
  drive: 'Variateur de fréquence',
} as const
export type ComponentKey = keyof typeof COMPONENT

/** [type, brand, model, serial-number prefix (controllers and machines carry one)]. */
export type KitPart = [ComponentKey, string, string, string?]

/**
 * Per family: the core parts (always fitted), then optional ones, fitted in this order until
 * the appliance has its 3 to 6 components. Lifts with doors also get a door operator (core).
 */
export const KITS = {
  otisGen2: { core: [['controller', 'Otis', 'GECB', 'GE'], ['machine', 'Otis', 'Gen2 aimants permanents', 'OM']], extra: [['ropes', 'Otis', 'Courroies acier enrobées'], ['alarm', 'Safeline', 'MX2'], ['governor', 'Otis', 'Limiteur bidirectionnel'], ['carPanel', 'Otis', 'Boîte à boutons inox']] },
  otisGen360: { core: [['controller', 'Otis', 'Gen360', 'GX'], ['machine', 'Otis', 'Gen360 aimants permanents', 'OM']], extra: [['ropes', 'Otis', 'Courroies acier enrobées'], ['alarm', 'Otis', 'Otis ONE'], ['carPanel', 'Otis', 'Panneau tactile']] },
  schindler: { core: [['controller', 'Schindler', 'Bionic 5', 'SB'], ['machine', 'Ziehl-Abegg', 'ZAtop SM200', 'ZA']], extra: [['ropes', 'Schindler', 'Courroies STM'], ['alarm', 'Safeline', 'MX3'], ['governor', 'Dynatech', 'LK200'], ['safety', 'Wittur', 'Parachute progressif']] },
  schindlerMR: { core: [['controller', 'Schindler', 'Miconic BX', 'SB'], ['machine', 'Ziehl-Abegg', 'ZAtop SM250', 'ZA']], extra: [['brake', 'Mayr', 'ROBA-stop'], ['ropes', 'Pfeifer', 'Câbles 8x19 Ø10 mm'], ['governor', 'Dynatech', 'LK300'], ['alarm', 'Safeline', 'MX3']] },
  koneEcoDisc: { core: [['controller', 'Kone', 'KCM 831', 'KC'], ['machine', 'Kone', 'EcoDisc MX05', 'KM']], extra: [['ropes', 'Pfeifer', 'Câbles 8x19 Ø8 mm'], ['governor', 'Kone', 'OL 35'], ['alarm', 'Safeline', 'MX2'], ['carPanel', 'Kone', 'KSS 280']] },
  koneMonoSpace: { core: [['controller', 'Kone', 'KCE', 'KC'], ['machine', 'Kone', 'EcoDisc MX06', 'KM']], extra: [['ropes', 'Pfeifer', 'Câbles 8x19 Ø8 mm'], ['alarm', 'Kone', '24/7 Connect'], ['safety', 'Wittur', 'Parachute progressif'], ['carPanel', 'Kone', 'KSC 600']] },
  tkEvolution: { core: [['controller', 'TK Elevator', 'TCM', 'TC'], ['machine', 'Ziehl-Abegg', 'ZAtop SM190', 'ZA']], extra: [['ropes', 'Pfeifer', 'Câbles 8x19 Ø8 mm'], ['governor', 'Dynatech', 'LK200'], ['alarm', 'Safeline', 'MX3'], ['safety', 'Wittur', 'Parachute progressif']] },
  tkSynergy: { core: [['controller', 'Schneider Electric', 'Modicon M241', 'SE'], ['machine', 'Montanari', 'MGX 25', 'MT']], extra: [['brake', 'Mayr', 'ROBA-stop'], ['ropes', 'Pfeifer', 'Câbles 8x19 Ø10 mm'], ['governor', 'Dynatech', 'LK300'], ['safety', 'Wittur', 'Parachute progressif']] },
  orona3G: { core: [['controller', 'Orona', 'ARCA II', 'OC'], ['machine', 'Montanari', 'MGX 20', 'MT']], extra: [['ropes', 'Pfeifer', 'Câbles 8x19 Ø8 mm'], ['alarm', 'Safeline', 'MX3'], ['governor', 'Dynatech', 'LK200'], ['carPanel', 'Orona', 'Boîte à boutons inox']] },
  hydraulic: { core: [['controller', 'Schneider Electric', 'Armoire Zelio', 'SE'], ['hydraulicUnit', 'GMV', 'NGV A3', 'GM']], extra: [['jack', 'GMV', 'Vérin latéral 1:1'], ['alarm', 'Safeline', 'MX2'], ['carPanel', 'Schaefer', 'Boîte à boutons inox']] },
  aritco: { core: [['controller', 'Aritco', 'Armoire 4000', 'AR'], ['carPanel', 'Aritco', 'Commande à pression maintenue'], ['alarm', 'Safeline', 'MX2']], extra: [] },
  // Invented makers (the demo library's manuals, demo-manuals-data.ts): machine, controller and door operator.
  tractis: { core: [['controller', 'Logicab', 'LC-8', 'LG'], ['machine', 'Tractis', 'TG30', 'TR'], ['door', 'Portalys', 'PX2']], extra: [['brake', 'Tractis', 'Frein à disque TG30'], ['ropes', 'Pfeifer', 'Câbles 8x19 Ø8 mm'], ['governor', 'Dynatech', 'LK200']] },
  escalator: { core: [['controller', 'Kone', 'TravelMaster KCE', 'KC'], ['machine', 'Kone', 'Groupe de traction 7,5 kW', 'KM'], ['brake', 'Mayr', 'ROBA-stop'], ['drive', 'Schneider Electric', 'Altivar 71']], extra: [] },
} satisfies Record<string, { core: KitPart[]; extra: KitPart[] }>
export type KitName = keyof typeof KITS

export const DOOR_OPERATORS = { Sematic: 'SDS Compact', Wittur: 'Midi Supra', Fermator: 'VVVF-4+' } as const
export type DoorBrand = keyof typeof DOOR_OPERATORS

// Readings are entered by the technicians who cover the site.
export const SITE_TECHNICIANS: Record<string, string[]> = {
  'lyon-part-dieu': ['tech', 'tech-lyon-2'],
  'lyon-confluence': ['tech', 'tech-limited'],
  'paris-vaugirard': ['tech-paris-1', 'tech-paris-2'],
  'paris-batignolles': ['tech-paris-1', 'tech-paris-2'],
  'marseille-vieux-port': ['tech-south'],
  'nantes-ile': ['tech-west'],
  'lille-euralille': ['tech', 'tech-paris-2'],
  'bordeaux-chartrons': ['tech-south'],
}

export interface DemoAsset {
  ref: string
  /** 'site-key' for an appliance of the site itself, 'site-key/Zone name' for one in a zone. */
  at: string
  category: keyof typeof EQUIPMENT
  brand: string
  model: string
  kit: KitName
  door?: DoorBrand
  /** Commissioning day (UTC midnight). */
  since: string
  loadKg: number | null
  floors: number
  /** Trips per month (for the escalator: starts; hoursPerMonth then given). */
  trips: number
  hoursPerMonth?: number
  status?: Exclude<AssetStatus, 'IN_SERVICE'>
  /** Days before the seeding date when the status changed. */
  statusDaysAgo?: number
  noContract?: true
  notes?: string
}

const KEY_NOTE = 'Clé du local machine chez le gardien.'
const ROOF_NOTE = 'Accès toiture par l’escalier B.'

export const DEMO_FLEET: DemoAsset[] = [
  // Résidence Part-Dieu: two 16-storey buildings and an underground car park.
  { ref: 'LYO-PD-A1', at: 'lyon-part-dieu/Bâtiment A', category: 'mrl', brand: 'Otis', model: 'Gen2', kit: 'otisGen2', door: 'Sematic', since: '2004-05-12', loadKg: 630, floors: 16, trips: 3800, notes: 'Armoire de commande au dernier niveau, clé chez le gardien.' },
  { ref: 'LYO-PD-A2', at: 'lyon-part-dieu/Bâtiment A', category: 'mrl', brand: 'Otis', model: 'Gen2', kit: 'otisGen2', door: 'Sematic', since: '2004-05-12', loadKg: 630, floors: 16, trips: 3500 },
  { ref: 'LYO-PD-B1', at: 'lyon-part-dieu/Bâtiment B', category: 'mrl', brand: 'Kone', model: 'EcoDisc', kit: 'koneEcoDisc', door: 'Wittur', since: '1998-03-02', loadKg: 630, floors: 16, trips: 3600, status: 'UNDER_MAINTENANCE', statusDaysAgo: 9, notes: 'Modernisation en cours : remplacement de l’armoire et des portes palières (fin prévue sous trois semaines).' },
  { ref: 'LYO-PD-B2', at: 'lyon-part-dieu/Bâtiment B', category: 'mrl', brand: 'Schindler', model: '3300', kit: 'schindler', door: 'Fermator', since: '2016-06-14', loadKg: 450, floors: 16, trips: 3300 },
  { ref: 'LYO-PD-P1', at: 'lyon-part-dieu/Parking souterrain', category: 'hydraulic', brand: 'Sodimas', model: 'Hydro 2000', kit: 'hydraulic', door: 'Wittur', since: '1999-10-04', loadKg: 1000, floors: 4, trips: 1200, notes: 'Local machine au niveau -2 ; badge parking chez le gardien.' },
  // Immeuble Confluence: offices and flats, 9 levels.
  { ref: 'LYO-CF-N1', at: 'lyon-confluence/Hall nord', category: 'mrl', brand: 'Kone', model: 'MonoSpace 500', kit: 'koneMonoSpace', door: 'Fermator', since: '2013-11-18', loadKg: 1000, floors: 9, trips: 4200 },
  { ref: 'LYO-CF-N2', at: 'lyon-confluence/Hall nord', category: 'mrl', brand: 'Kone', model: 'MonoSpace 500', kit: 'koneMonoSpace', door: 'Fermator', since: '2013-11-18', loadKg: 1000, floors: 9, trips: 4000 },
  { ref: 'LYO-CF-S1', at: 'lyon-confluence/Hall sud', category: 'traction', brand: 'Tractis', model: 'TG30', kit: 'tractis', since: '2012-04-03', loadKg: 630, floors: 9, trips: 3600, notes: `Machinerie en toiture ; notices Tractis, Logicab et Portalys dans les documents. ${ROOF_NOTE}` },
  { ref: 'LYO-CF-PMR1', at: 'lyon-confluence', category: 'pmr', brand: 'Aritco', model: '4000', kit: 'aritco', since: '2019-02-25', loadKg: 320, floors: 2, trips: 150, notes: 'Plateforme d’accès PMR du hall, entre le parvis et le rez-de-chaussée surélevé.' },
  // Résidence Vaugirard: 1930s building, one small lift per staircase.
  { ref: 'PAR-VAU-E1', at: 'paris-vaugirard/Escalier 1', category: 'mrl', brand: 'Otis', model: 'Gen2', kit: 'otisGen2', door: 'Fermator', since: '2007-06-11', loadKg: 320, floors: 8, trips: 1800 },
  { ref: 'PAR-VAU-E2', at: 'paris-vaugirard/Escalier 2', category: 'hydraulic', brand: 'Soretex', model: 'HS 320', kit: 'hydraulic', door: 'Wittur', since: '1995-11-06', loadKg: 320, floors: 7, trips: 1500, status: 'OUT_OF_SERVICE', statusDaysAgo: 6, notes: `À l’arrêt : fuite au joint du vérin, pièce commandée. ${KEY_NOTE}` },
  { ref: 'PAR-VAU-E3', at: 'paris-vaugirard/Escalier 3', category: 'mrl', brand: 'Schindler', model: '3300', kit: 'schindler', door: 'Fermator', since: '2010-09-27', loadKg: 450, floors: 8, trips: 1700 },
  // Tour Batignolles: 25-storey residential tower and its car park.
  { ref: 'PAR-BAT-T1', at: 'paris-batignolles/Tour', category: 'traction', brand: 'Schindler', model: '5500', kit: 'schindlerMR', door: 'Sematic', since: '2010-03-15', loadKg: 1000, floors: 25, trips: 6500, notes: `Machinerie en terrasse. ${ROOF_NOTE}` },
  { ref: 'PAR-BAT-T2', at: 'paris-batignolles/Tour', category: 'traction', brand: 'Schindler', model: '5500', kit: 'schindlerMR', door: 'Sematic', since: '2010-03-15', loadKg: 1000, floors: 25, trips: 6200, notes: `Machinerie en terrasse. ${ROOF_NOTE}` },
  { ref: 'PAR-BAT-T3', at: 'paris-batignolles/Tour', category: 'mrl', brand: 'Otis', model: 'Gen360', kit: 'otisGen360', door: 'Fermator', since: '2023-10-09', loadKg: 1000, floors: 25, trips: 5800 },
  { ref: 'PAR-BAT-MC1', at: 'paris-batignolles/Tour', category: 'goods', brand: 'TK Elevator', model: 'synergy', kit: 'tkSynergy', door: 'Wittur', since: '2010-03-15', loadKg: 1600, floors: 25, trips: 2200, notes: 'Monte-charge de service (déménagements, encombrants) ; réservation auprès du gardien.' },
  { ref: 'PAR-BAT-P1', at: 'paris-batignolles/Parking', category: 'hydraulic', brand: 'Soulier', model: 'SH 1000', kit: 'hydraulic', door: 'Wittur', since: '2001-05-28', loadKg: 1000, floors: 4, trips: 1400, noContract: true, notes: 'Hors contrat : entretien par le syndic du parking, dépannages sur devis.' },
  // Le Panoramique Vieux-Port: a 10-storey building on the quay, a 6-storey one up the hill.
  { ref: 'MAR-VP-M1', at: 'marseille-vieux-port/Bâtiment Mer', category: 'mrl', brand: 'Orona', model: '3G', kit: 'orona3G', door: 'Fermator', since: '2015-07-06', loadKg: 630, floors: 10, trips: 3000 },
  { ref: 'MAR-VP-M2', at: 'marseille-vieux-port/Bâtiment Mer', category: 'mrl', brand: 'Orona', model: '3G', kit: 'orona3G', door: 'Fermator', since: '2015-07-06', loadKg: 630, floors: 10, trips: 2800 },
  { ref: 'MAR-VP-C1', at: 'marseille-vieux-port/Bâtiment Colline', category: 'mrl', brand: 'Kone', model: 'EcoDisc', kit: 'koneEcoDisc', door: 'Wittur', since: '2002-12-09', loadKg: 450, floors: 6, trips: 1700, noContract: true, notes: 'Contrat résilié par le syndic ; dépannages sur devis uniquement.' },
  { ref: 'MAR-VP-C2', at: 'marseille-vieux-port/Bâtiment Colline', category: 'hydraulic', brand: 'Sodimas', model: 'Hydro 2000', kit: 'hydraulic', door: 'Wittur', since: '1997-04-22', loadKg: 450, floors: 5, trips: 1200, notes: KEY_NOTE },
  // Quartier de la Création: recent social housing, two blocks.
  { ref: 'NAN-IC-1A', at: 'nantes-ile/Îlot 1', category: 'mrl', brand: 'TK Elevator', model: 'evolution', kit: 'tkEvolution', door: 'Sematic', since: '2018-10-15', loadKg: 630, floors: 7, trips: 2600 },
  { ref: 'NAN-IC-1B', at: 'nantes-ile/Îlot 1', category: 'mrl', brand: 'TK Elevator', model: 'evolution', kit: 'tkEvolution', door: 'Sematic', since: '2018-10-15', loadKg: 630, floors: 7, trips: 2400 },
  { ref: 'NAN-IC-2A', at: 'nantes-ile/Îlot 2', category: 'mrl', brand: 'Schindler', model: '3300', kit: 'schindler', door: 'Fermator', since: '2021-03-08', loadKg: 630, floors: 8, trips: 2300 },
  { ref: 'NAN-IC-2B', at: 'nantes-ile/Îlot 2', category: 'mrl', brand: 'Otis', model: 'Gen360', kit: 'otisGen360', door: 'Fermator', since: '2024-01-22', loadKg: 450, floors: 8, trips: 1900 },
  { ref: 'NAN-IC-PMR1', at: 'nantes-ile/Îlot 2', category: 'pmr', brand: 'Aritco', model: '4000', kit: 'aritco', since: '2020-06-02', loadKg: 320, floors: 2, trips: 120, noContract: true },
  // Centre d'affaires Euralille: 12-storey offices, the busiest site.
  { ref: 'LIL-EUR-E1', at: 'lille-euralille/Aile est', category: 'mrl', brand: 'Schindler', model: '5500', kit: 'schindler', door: 'Sematic', since: '2009-09-07', loadKg: 1000, floors: 12, trips: 8000 },
  { ref: 'LIL-EUR-E2', at: 'lille-euralille/Aile est', category: 'mrl', brand: 'Schindler', model: '5500', kit: 'schindler', door: 'Sematic', since: '2009-09-07', loadKg: 1000, floors: 12, trips: 7800 },
  { ref: 'LIL-EUR-W1', at: 'lille-euralille/Aile ouest', category: 'mrl', brand: 'Kone', model: 'MonoSpace 500', kit: 'koneMonoSpace', door: 'Wittur', since: '2017-05-15', loadKg: 1000, floors: 12, trips: 7500 },
  { ref: 'LIL-EUR-W2', at: 'lille-euralille/Aile ouest', category: 'mrl', brand: 'Kone', model: 'MonoSpace 500', kit: 'koneMonoSpace', door: 'Wittur', since: '2017-05-15', loadKg: 1000, floors: 12, trips: 7200 },
  { ref: 'LIL-EUR-MC1', at: 'lille-euralille/Aile ouest', category: 'goods', brand: 'Sodimas', model: 'Hydro 2000', kit: 'hydraulic', door: 'Fermator', since: '2009-09-07', loadKg: 1600, floors: 3, trips: 600, status: 'UNDER_MAINTENANCE', statusDaysAgo: 3, notes: 'Quai de livraison au sous-sol. Remplacement de la centrale hydraulique en cours.' },
  { ref: 'LIL-EUR-ESC1', at: 'lille-euralille', category: 'escalator', brand: 'Kone', model: 'TravelMaster 110', kit: 'escalator', since: '2009-09-07', loadKg: null, floors: 2, trips: 900, hoursPerMonth: 300, notes: 'Escalier du hall d’accueil ; arrêt d’urgence en bas côté gauche.' },
  // Clinique des Chartrons: bed lifts, a service lift and the staff's small lift.
  { ref: 'BDX-CHA-B1', at: 'bordeaux-chartrons/Bloc opératoire', category: 'traction', brand: 'Schindler', model: '5500', kit: 'schindlerMR', door: 'Sematic', since: '2012-01-30', loadKg: 1600, floors: 5, trips: 2600, notes: `Ascenseur brancardier prioritaire (clé pompier en cabine). ${KEY_NOTE}` },
  { ref: 'BDX-CHA-H1', at: 'bordeaux-chartrons/Hospitalisation', category: 'mrl', brand: 'Otis', model: 'Gen2', kit: 'otisGen2', door: 'Fermator', since: '2009-11-23', loadKg: 1000, floors: 5, trips: 2400 },
  { ref: 'BDX-CHA-H2', at: 'bordeaux-chartrons/Hospitalisation', category: 'mrl', brand: 'Orona', model: '3G', kit: 'orona3G', door: 'Fermator', since: '2016-04-11', loadKg: 450, floors: 5, trips: 400, notes: 'Petit ascenseur du personnel.' },
  { ref: 'BDX-CHA-MC1', at: 'bordeaux-chartrons/Bloc opératoire', category: 'goods', brand: 'Soretex', model: 'HS 630', kit: 'hydraulic', door: 'Wittur', since: '2003-05-19', loadKg: 630, floors: 3, trips: 700, status: 'OUT_OF_SERVICE', statusDaysAgo: 2, notes: 'Monte-charge de la stérilisation. À l’arrêt : cellule de porte en défaut, intervention programmée.' },
]
