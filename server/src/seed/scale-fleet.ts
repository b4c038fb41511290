// seed:scale, the fleet: sites and their zones, elevators with components, their two meters
// and a year of monthly readings. Set-based statements run in one session (scale.ts) with
// temporary tables that the operations steps read back (scale_site, scale_asset).
import { DEFAULT_METERS } from '../modules/meters/meters.defaults.ts'
import type { ScaleSize } from './scale-size.ts'

/** SQL text literal. */
export const lit = (s: string) => `'${s.replace(/'/g, "''")}'`
export const arr = (xs: readonly string[]) => `ARRAY[${xs.map(lit).join(', ')}]::text[]`

/**
 * A UUID v7 (time-ordered, as the service writes them) for instant `ts`. `seq` (0–15) replaces
 * the top random bits (a number or an SQL expression), so that events of one order at the same millisecond sort in the order
 * they happened (CREATED before REQUEST_LINKED…), as uuidv7's monotonic ids do in the service.
 */
export function v7(ts: string, seq?: number | string): string {
  const stamped = `overlay(uuid_send(gen_random_uuid()) placing substring(int8send(floor(extract(epoch FROM ${ts}) * 1000)::bigint) FROM 3) FROM 1 FOR 6)`
  const versioned = seq === undefined ? `set_bit(set_bit(${stamped}, 52, 1), 53, 1)` : `set_byte(${stamped}, 6, 112 + ${seq})`
  return `encode(${versioned}, 'hex')::uuid`
}

const CITIES: [string, number, number][] = [
  ['Paris', 48.8566, 2.3522], ['Lyon', 45.764, 4.8357], ['Marseille', 43.2965, 5.3698], ['Toulouse', 43.6047, 1.4442],
  ['Nice', 43.7102, 7.262], ['Nantes', 47.2184, -1.5536], ['Strasbourg', 48.5734, 7.7521], ['Montpellier', 43.6108, 3.8767],
  ['Bordeaux', 44.8378, -0.5792], ['Lille', 50.6292, 3.0573], ['Rennes', 48.1173, -1.6778], ['Grenoble', 45.1885, 5.7245],
]
const RESIDENCES = ['Les Tilleuls', 'Le Belvédère', 'Les Jardins du Parc', 'Les Terrasses', 'Le Clos Saint-Jean', 'Les Cèdres', 'Le Panorama', 'Les Hauts de Seine', 'Le Carré Vert', 'Les Marronniers']
const STREETS = ['rue de la République', 'avenue Victor-Hugo', 'boulevard Jean-Jaurès', 'rue Pasteur', 'avenue du Général-de-Gaulle', 'rue Gambetta', 'quai de la Loire', 'rue des Écoles']
const GUARDIANS = ['Mme Martin', 'M. Petit', 'Mme Dubois', 'M. Moreau', 'Mme Laurent', 'M. Simon', 'Mme Michel', 'M. Lefebvre']
const ZONES = ['Bâtiment A', 'Bâtiment B', 'Parking']
const BRANDS: [string, string][] = [['Otis', 'Gen2'], ['Schindler', '3300'], ['Kone', 'MonoSpace 500'], ['TK Elevator', 'evolution'], ['Orona', '3G'], ['Soretex', 'HS 630']]

export function fleetSteps(size: ScaleSize, now: Date): [string, string][] {
  const at = `${lit(now.toISOString())}::timestamptz`
  const since = `(${at} - interval '5 years')`
  const { sites: S, assets: A } = size
  const city = () => `(${arr(CITIES.map((c) => c[0]))})[1 + s.idx % ${CITIES.length}]`
  const coord = (i: 1 | 2) => `(ARRAY[${CITIES.map((c) => c[i]).join(', ')}])[1 + s.idx % ${CITIES.length}] + (s.idx % 17) * 0.001`
  const equipment = (name: string) => `(SELECT id FROM categories WHERE kind = 'EQUIPMENT' AND name = ${lit(name)})`
  const componentType = (name: string) => `(SELECT id FROM categories WHERE kind = 'COMPONENT_TYPE' AND name = ${lit(name)})`
  return [
    [`${S} sites, ${S * ZONES.length} zones`, `
      CREATE TEMP TABLE scale_site AS SELECT g AS idx, ${v7(since)} AS id FROM generate_series(1, ${S}) g;
      ANALYZE scale_site;
      INSERT INTO locations (id, name, address, city, guardian_name, guardian_phone, latitude, longitude, created_at)
      SELECT s.id, 'Résidence ' || (${arr(RESIDENCES)})[1 + s.idx % ${RESIDENCES.length}] || ' ' || s.idx,
        (2 + s.idx % 180) || ' ' || (${arr(STREETS)})[1 + s.idx % ${STREETS.length}], ${city()},
        (${arr(GUARDIANS)})[1 + s.idx % ${GUARDIANS.length}], '06 ' || lpad((s.idx % 100)::text, 2, '0') || ' 00 00 00',
        ${coord(1)}, ${coord(2)}, ${since}
      FROM scale_site s;
      CREATE TEMP TABLE scale_zone AS SELECT s.idx AS site_idx, z AS zone, ${v7(since)} AS id, s.id AS site_id FROM scale_site s, generate_series(1, ${ZONES.length}) z;
      ANALYZE scale_zone;
      INSERT INTO locations (id, name, parent_id, city, created_at)
      SELECT z.id, (${arr(ZONES)})[z.zone], z.site_id, l.city, ${since} FROM scale_zone z JOIN locations l ON l.id = z.site_id;
      INSERT INTO user_sites (user_id, location_id) SELECT DISTINCT r.user_id, s.id FROM scale_requester r JOIN scale_site s ON s.idx = r.site_idx`],
    [`${A} elevators under contract, ${A * 3} components`, `
      CREATE TEMP TABLE scale_asset AS
      SELECT *, (extract(year FROM commissioned_at AT TIME ZONE 'UTC') * 12 + extract(month FROM commissioned_at AT TIME ZONE 'UTC') - 1)::int AS anchor_month
      FROM (SELECT g AS idx, ${v7(since)} AS id, 1 + (g - 1) % ${S} AS site_idx, 1 + ((g - 1) / ${S}) % ${ZONES.length} AS zone,
          timestamptz '1990-01-01 00:00:00+00' + floor(random() * 31 * 365) * interval '1 day' AS commissioned_at
        FROM generate_series(1, ${A}) g) x;
      ANALYZE scale_asset;
      -- Three components each: the fitted count is written with the elevator, the counting
      -- trigger (one update of the elevator per component) stays off while they are added.
      -- The places' counting trigger too (an update of the zone and of its site per elevator:
      -- forty versions of each place's row left behind, the places list reading twenty
      -- megabytes of dead rows at ×4); the counts are set once below.
      ALTER TABLE assets DISABLE TRIGGER assets_count_in_location;
      INSERT INTO assets (id, reference, brand, model, serial_number, commissioned_at, load_kg, floors, status, status_changed_at, category_id, location_id, under_contract, component_count, created_at, updated_at)
      SELECT a.id, 'ASC-' || lpad(a.idx::text, greatest(5, length(a.idx::text)), '0'), (${arr(BRANDS.map((b) => b[0]))})[1 + a.idx % ${BRANDS.length}], (${arr(BRANDS.map((b) => b[1]))})[1 + a.idx % ${BRANDS.length}],
        'SN' || lpad((a.idx * 7919 % 10000000)::text, 7, '0'), a.commissioned_at, (ARRAY[320, 450, 630, 1000])[1 + a.idx % 4], 3 + a.idx % 20,
        CASE a.idx % 100 WHEN 7 THEN 'OUT_OF_SERVICE' WHEN 8 THEN 'UNDER_MAINTENANCE' ELSE 'IN_SERVICE' END,
        CASE WHEN a.idx % 100 IN (7, 8) THEN ${at} - (1 + a.idx % 9) * interval '1 day' END,
        CASE WHEN a.idx % 20 < 12 THEN ${equipment('Ascenseur sans local machine (MRL)')} WHEN a.idx % 20 < 17 THEN ${equipment('Ascenseur électrique à traction')} ELSE ${equipment('Ascenseur hydraulique')} END,
        z.id, true, 3, ${since}, ${since}
      FROM scale_asset a JOIN scale_zone z ON z.site_idx = a.site_idx AND z.zone = a.zone;
      ALTER TABLE assets ENABLE TRIGGER assets_count_in_location;
      -- One update per zone: its row rebuilt, and its site's total by the places' own triggers.
      UPDATE locations l SET asset_count = c.n FROM (SELECT location_id, count(*)::int AS n FROM assets GROUP BY location_id) c WHERE c.location_id = l.id;
      ALTER TABLE asset_components DISABLE TRIGGER asset_components_count_fitted;
      INSERT INTO asset_components (id, asset_id, type_id, brand, model, installed_at, created_at)
      SELECT ${v7(since)}, a.id, t.type_id, t.brand, t.model, a.commissioned_at, ${since}
      FROM scale_asset a CROSS JOIN (VALUES (${componentType('Armoire de commande')}, 'Schneider Electric', 'Armoire de manœuvre'),
        (${componentType('Opérateur de porte')}, 'Sematic', 'SDS Compact'), (${componentType('Téléalarme')}, 'Safeline', 'MX3')) t(type_id, brand, model);
      ALTER TABLE asset_components ENABLE TRIGGER asset_components_count_fitted`],
    [`${A * 2} meters, ${A * 24} readings`, `
      CREATE TEMP TABLE scale_meter AS
      SELECT ${v7(since)} AS id, a.id AS asset_id, a.site_idx, m.kind, m.name, m.unit,
        CASE m.kind WHEN 'TRIPS' THEN 50000 + a.idx * 13 % 100000 ELSE 2000 + a.idx % 3000 END AS base,
        CASE m.kind WHEN 'TRIPS' THEN 2000 + a.idx % 50 * 60 ELSE 40 + a.idx % 20 END AS step,
        (1 + a.idx % 10) AS day
      FROM scale_asset a CROSS JOIN (VALUES ${DEFAULT_METERS.map((m) => `(${lit(m.kind)}, ${lit(m.name)}, ${lit(m.unit)})`).join(', ')}) m(kind, name, unit);
      ANALYZE scale_meter;
      INSERT INTO meters (id, asset_id, kind, name, unit, last_value, last_read_at, created_at)
      SELECT m.id, m.asset_id, m.kind, m.name, m.unit, m.base + 11 * m.step,
        date_trunc('month', ${at} AT TIME ZONE 'UTC') AT TIME ZONE 'UTC' - interval '1 month' + m.day * interval '1 day' + interval '9 hours', ${since}
      FROM scale_meter m;
      INSERT INTO meter_readings (id, meter_id, value, previous_value, read_at, recorded_by, created_at)
      SELECT ${v7('r.read_at')}, r.id, r.base + r.k * r.step, CASE WHEN r.k > 0 THEN r.base + (r.k - 1) * r.step END, r.read_at, t.user_id, r.read_at
      FROM (SELECT m.*, k, date_trunc('month', ${at} AT TIME ZONE 'UTC') AT TIME ZONE 'UTC' - (12 - k) * interval '1 month' + m.day * interval '1 day' + interval '9 hours' AS read_at
        FROM scale_meter m CROSS JOIN generate_series(0, 11) k) r
      JOIN scale_tech t ON t.idx = (r.site_idx - 1) % ${size.technicians}`],
  ]
}
