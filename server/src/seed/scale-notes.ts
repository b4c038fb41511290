// seed:scale, the free notes of closed reports (work_orders.report_notes), the text the
// assistant indexes beside the coded labels: what a technician types on a phone, set-based.
// Each note is a phrasing (a few dozen, breakdown or visit) filled with the order's own coded
// values and a floor, then, by chance: a technical detail of its component, what the report
// says of the equipment whose manual is on that elevator (scale-manuals.ts: its codes and
// values), a person of the service with a telephone number (the site's guardian, a colleague:
// names the anonymiser knows, in the forms a note uses), and a closing word. About half lose
// their accents. Written into stage_wo before the orders are inserted (one pass, no UPDATE
// of the 250,000 work orders).
import { arr, lit } from './scale-fleet.ts'
import { scaleManuals } from './scale-manuals.ts'
import type { ScaleSize } from './scale-size.ts'

const BREAKDOWN = [
  '{sym}. {comp} : {cause}, {act}', 'appel pour {sym}, trouvé {comp} en défaut ({cause}). {act} effectué',
  'sur place : {sym}. cause {cause} sur {comp}, {act} + essais', '{comp} HS ({cause}), {act}. {res}',
  'asc en panne au {floor}, {sym}. {act} du {comp}', 'constat {sym} ; {cause} au niveau {comp} ; {act} fait',
  'arrivé sur site, {sym}. diag : {comp}, {cause}. {act} puis essais 10 cycles', '{act} {comp} suite {cause}. {res}',
  'intervention au {floor} : {comp} ({cause}), {act}, appareil {res}', 'client signale {sym}. verif {comp} : {cause}. {act}',
  '{sym} confirmé à l\'arrivée. {comp} en cause ({cause}). {act}. {res}', 'pb {comp}, {cause}. {act} effectue, test ok',
  'depannage : {sym}, {comp} -> {cause}, {act}', '{cause} constatée sur {comp} au {floor}, {act}, {res}',
  'RAS a l\'arrivee puis {sym} reproduit, {comp} : {cause}, {act}', 'remise en route apres {sym}, {comp} {cause}, {act} + controle securites',
  '{comp} : {act} ({cause}). essais montee/descente ok', 'panne {sym} - {comp} - {cause} - {act}',
  'vu {comp} ({cause}) suite {sym}. {act} réalisé, {res}', 'mise en securite, {comp} en defaut : {cause}. {act}. {res}',
  '{sym} depuis ce matin. {act} sur {comp} ({cause})', 'appareil bloqué au {floor}, {comp} {cause}. {act}, essais OK',
  'contrôle {comp} : {cause}, {act}. prévoir {res}', '{act} {comp}. origine : {cause}',
]
const VISIT = [
  'visite mensuelle RAS', 'visite ok, graissage guides cabine et contrepoids', 'entretien : {comp} {act}, {res}',
  'visite : nettoyage cuvette, essai parachute à vide ok', 'RAS. {comp} controlé', 'visite faite, {act} {comp} ({cause})',
  'controle securites ok, eclairage cabine ok, teleallarme testée', 'visite, niveau huile ok, {comp} : {act}',
  'entretien mensuel, {comp} à surveiller ({cause})', 'visite complete, precision d\'arret controlee a tous les niveaux',
  'RAS, essais portes 10 cycles', 'visite : {act} {comp}. {res}', 'contrôle frein ok, câbles ok, {comp} {act}',
  'visite faite avec le gardien, RAS', 'graissage, nettoyage des seuils, essais ok', 'visite : {cause} sur {comp}, {act}',
]
// A component's usual details, as a technician notes them (values included).
const DETAILS: Record<string, string[]> = {
  'Opérateur de porte cabine': ['courroie operateur retendue', 'galets operateur changes', 'apprentissage de la course refait', 'patin de guidage du vantail change'],
  'Serrure palière': ['crochet regle, penetration 8 mm', 'contact de verrouillage nettoye', 'galet de serrure recentre'],
  'Porte palière': ['seuil nettoye', 'ferme-porte regle', 'patins de porte paliere changes'],
  'Cellule de porte': ['cellule nettoyee et realignee', 'cellule remplacee, essais ok'],
  'Armoire de commande': ['fusible F5 change', 'rearmement armoire', 'carte relais resserree', 'historique des defauts relu'],
  'Variateur de fréquence': ['rampe d\'acceleration reprise', 'ventilateur du variateur nettoye', 'parametres du variateur sauvegardes'],
  'Frein machine': ['entrefer frein controle a 0,4 mm', 'garnitures ok (4 mm)', 'micro-contact de frein regle'],
  'Machine de traction': ['niveau huile reducteur ok', 'roulement a surveiller', 'poulie controlee, gorges ok'],
  'Câbles de traction': ['cables graisses', 'tension des cables equilibree', '2 fils casses sur un cable, a surveiller'],
  'Limiteur de vitesse': ['contact limiteur rearme', 'cable de limiteur controle'],
  'Parachute': ['parachute nettoye, coins libres', 'essai parachute ok'],
  'Boutons palières': ['bouton palier change', 'voyant d\'appel change'],
  'Boîte à boutons cabine': ['bouton cabine change', 'bouton alarme teste'],
  'Téléalarme': ['appel test avec le centre ok', 'batterie teleallarme changee'],
  'Centrale hydraulique': ['niveau huile complete', 'flexible resserre', 'temperature huile 45 °C'],
}
// People: {guardian} « Mme Martin », {tech} « Camille Bernard », {TECH} « BERNARD Camille »,
// {tinit} « C. Bernard »; {gphone} the site's guardian's number, {mobile} another one.
const PEOPLE = [
  '{guardian} prévenu(e)', 'vu avec {guardian} (gardien), tél {gphone}', 'rappeler {guardian} au {mobile}',
  'intervention avec {tech}', 'repris par {TECH} le lendemain', 'clés chez {guardian}, {gphone}',
  '{guardian} absente, message laissé au {mobile}', 'binôme {tinit}', 'prevenir {guardian} : {mobile}',
  'accès machinerie par {guardian} ({gphone})', 'info transmise à {tech} pour la suite', 'contact sur place {guardian}, portable {mobile}',
]
const CLOSING = ['RAS', 'essais OK', 'appareil {res}', 'remis en service', 'bon fonctionnement', 'a revoir a la prochaine visite']
const FLOORS = ['RDC', '1er', '2e', '3e', '4e', '5e', '6e', 'sous-sol']

/** `(ARRAY[…])[1 + floor(r * n)]`: one of `xs` by the random column `r`. */
const pick = (xs: string[], r: string) => `(${arr(xs)})[1 + floor(${r} * ${xs.length})::int]`
const fill = (text: string, tokens: Record<string, string>) =>
  Object.entries(tokens).reduce((s, [token, value]) => `replace(${s}, '{${token}}', coalesce(${value}, ''))`, text)

export function notesStep(size: ScaleSize): [string, string] {
  const manuals = scaleManuals(size.assets)
  const byAsset = new Map<number, string[]>()
  for (const m of manuals) byAsset.set(m.assetIdx, [...(byAsset.get(m.assetIdx) ?? []), ...m.notes])
  // A telephone number of the shape people write it, from ten random digits.
  const digits = `('0' || (6 + floor(w.r7 * 2))::int || lpad(floor(w.r8 * 100000000)::bigint::text, 8, '0'))`
  const mobile = `(ARRAY[regexp_replace(${digits}, '(\\d\\d)(?!$)', '\\1 ', 'g'), regexp_replace(${digits}, '(\\d\\d)(?!$)', '\\1.', 'g'), ${digits},
    '+33 ' || regexp_replace(substr(${digits}, 2), '^(\\d)(\\d\\d)(\\d\\d)(\\d\\d)(\\d\\d)$', '\\1 \\2 \\3 \\4 \\5'), regexp_replace(${digits}, '(\\d\\d)(?!$)', '\\1-', 'g')])[1 + floor(w.r9 * 5)::int]`
  const coded = { sym: 'sy.low', comp: 'co.low', cause: 'ca.low', act: 'ac.low', res: 're.low', floor: pick(FLOORS, 'w.r6') }
  const people = {
    guardian: 'l.guardian_name', gphone: `CASE WHEN w.r9 < 0.5 THEN l.guardian_phone ELSE replace(l.guardian_phone, ' ', '') END`, mobile,
    tech: 't.display_name', TECH: `upper(substring(t.display_name FROM position(' ' IN t.display_name) + 1)) || ' ' || split_part(t.display_name, ' ', 1)`,
    tinit: `left(t.display_name, 1) || '. ' || substring(t.display_name FROM position(' ' IN t.display_name) + 1)`,
  }
  return [`report notes of closed orders`, `
    CREATE TEMP TABLE scale_label AS SELECT id, label, lower(label) AS low FROM reference_values;
    CREATE TEMP TABLE scale_detail AS SELECT * FROM (VALUES ${Object.entries(DETAILS).map(([c, ps]) => `(${lit(c)}, ${arr(ps)})`).join(', ')}) d(component, phrases);
    CREATE TEMP TABLE scale_manual_note AS SELECT * FROM (VALUES ${[...byAsset].map(([idx, ps]) => `(${idx}, ${arr(ps)})`).join(', ')}) m(asset_idx, phrases);
    ANALYZE scale_label, scale_detail, scale_manual_note;
    ALTER TABLE stage_wo ADD COLUMN notes text;
    UPDATE stage_wo s SET notes = n.notes FROM (
      SELECT w.id, concat_ws('. ',
          CASE WHEN w.r5 < 0.45 THEN palier_unaccent(x.main) ELSE x.main END,
          CASE WHEN w.r1 < 0.4 THEN d.phrases[1 + floor(w.r2 * array_length(d.phrases, 1))::int] END,
          CASE WHEN w.r3 < 0.6 THEN m.phrases[1 + floor(w.r2 * array_length(m.phrases, 1))::int] END,
          CASE WHEN w.r4 < 0.18 THEN ${fill(pick(PEOPLE, 'w.r6'), people)} END,
          CASE WHEN w.r4 > 0.55 THEN ${fill(pick(CLOSING, 'w.r7'), coded)} END) AS notes
      FROM (SELECT *, random() AS r0, random() AS r1, random() AS r2, random() AS r3, random() AS r4, random() AS r5,
              random() AS r6, random() AS r7, random() AS r8, random() AS r9
            FROM stage_wo WHERE status = 'DONE') w
      JOIN scale_asset a ON a.id = w.asset_id
      JOIN scale_site ss ON ss.idx = w.site_idx JOIN locations l ON l.id = ss.id
      JOIN scale_tech st ON st.idx = (w.site_idx + 1 + floor(w.r8 * 3)::int) % ${size.technicians} JOIN users t ON t.id = coalesce(w.tech2, st.user_id)
      LEFT JOIN scale_label sy ON sy.id = w.symptom LEFT JOIN scale_label co ON co.id = w.component LEFT JOIN scale_label ca ON ca.id = w.cause
      LEFT JOIN scale_label ac ON ac.id = w.action LEFT JOIN scale_label re ON re.id = w.result
      LEFT JOIN scale_detail d ON d.component = co.label
      LEFT JOIN scale_manual_note m ON m.asset_idx = a.idx
      CROSS JOIN LATERAL (SELECT ${fill(`CASE w.type WHEN 'CORRECTIVE' THEN ${pick(BREAKDOWN, 'w.r1')} ELSE ${pick(VISIT, 'w.r1')} END`, coded)} AS main) x
      -- Some closed orders have no notes: most visits, a few breakdowns.
      WHERE w.r0 < CASE w.type WHEN 'CORRECTIVE' THEN 0.85 ELSE 0.7 END) n
    WHERE s.id = n.id`]
}
