// seed:scale, the catalogue of spare parts: real elevator parts (families with their sizes or
// ratings), each for one of the fleet's makes or universal, and the suppliers they come from.
// Expanded in code to as many designations as the scale asks for (2,000 at factor 1).

interface Family {
  /** `{v}` is replaced by each variant. */
  name: string
  variants: string[]
  /** Unit price in cents of the family (a variant or make moves it a little). */
  price: number
  threshold: number
  /** Ordered and received by multiples of this (metres, litres, boxes of ten…). */
  pack: number
}

const FAMILIES: Family[] = [
  { name: 'Contact de verrouillage de porte palière {v}', variants: ['simple', 'double', 'à came', 'à clé triangulaire', 'avec shunt'], price: 3900, threshold: 4, pack: 1 },
  { name: 'Serrure de porte palière {v}', variants: ['gauche', 'droite', 'centrale', 'pompier', 'coulissante 2 vantaux', 'coulissante 4 vantaux'], price: 12900, threshold: 3, pack: 1 },
  { name: 'Galet de porte {v}', variants: ['cabine Ø 42 mm', 'cabine Ø 52 mm', 'cabine Ø 60 mm', 'palière Ø 42 mm', 'palière Ø 52 mm', 'palière Ø 60 mm', 'excentrique Ø 35 mm'], price: 1450, threshold: 8, pack: 4 },
  { name: 'Patin de guidage cabine {v}', variants: ['rail 9 mm', 'rail 10 mm', 'rail 16 mm', 'à galets', 'à coulisseau nylon'], price: 2280, threshold: 6, pack: 2 },
  { name: 'Garniture de patin de guidage {v}', variants: ['9 mm', '10 mm', '16 mm', '19 mm'], price: 650, threshold: 12, pack: 10 },
  { name: 'Câble de traction {v} (m)', variants: ['6 mm', '8 mm', '10 mm', '11 mm', '12 mm', '13 mm', '16 mm'], price: 1240, threshold: 50, pack: 50 },
  { name: 'Câble de limiteur de vitesse {v} (m)', variants: ['6 mm', '8 mm'], price: 780, threshold: 30, pack: 25 },
  { name: 'Limiteur de vitesse {v}', variants: ['0,63 m/s', '1 m/s', '1,6 m/s', '2,5 m/s'], price: 98000, threshold: 1, pack: 1 },
  { name: 'Parachute à prise {v}', variants: ['instantanée', 'amortie', 'progressive'], price: 145000, threshold: 1, pack: 1 },
  { name: 'Poulie de traction {v}', variants: ['Ø 240 mm', 'Ø 320 mm', 'Ø 400 mm', 'Ø 480 mm'], price: 68000, threshold: 1, pack: 1 },
  { name: 'Poulie de renvoi {v}', variants: ['Ø 240 mm', 'Ø 320 mm', 'Ø 400 mm'], price: 42000, threshold: 1, pack: 1 },
  { name: 'Roulement de poulie {v}', variants: ['6205 2RS', '6206 2RS', '6308 2RS', '6310 2RS', '22312'], price: 2600, threshold: 4, pack: 2 },
  { name: 'Garniture de frein de machine {v}', variants: ['standard', 'renforcée', 'à double mâchoire'], price: 8900, threshold: 2, pack: 2 },
  { name: 'Électroaimant de frein {v}', variants: ['110 V CC', '180 V CC', '207 V CC'], price: 54000, threshold: 1, pack: 1 },
  { name: 'Carte de commande {v}', variants: ['manœuvre collective', 'manœuvre blocage', 'duplex', 'triplex', 'de porte', 'd’appel palier'], price: 64500, threshold: 1, pack: 1 },
  { name: 'Carte d’interface {v}', variants: ['CAN', 'RS485', 'téléalarme', 'gaine'], price: 21500, threshold: 1, pack: 1 },
  { name: 'Variateur de fréquence {v}', variants: ['5,5 kW', '7,5 kW', '11 kW', '15 kW', '18,5 kW'], price: 189000, threshold: 1, pack: 1 },
  { name: 'Codeur incrémental {v}', variants: ['1024 points', '2048 points', '4096 points'], price: 34000, threshold: 1, pack: 1 },
  { name: 'Contacteur de puissance {v}', variants: ['LC1D09 24 V', 'LC1D12 24 V', 'LC1D18 48 V', 'LC1D25 110 V', 'LC1D32 230 V'], price: 5600, threshold: 3, pack: 1 },
  { name: 'Relais de commande {v}', variants: ['24 V CC', '48 V CC', '110 V CA', '230 V CA'], price: 1800, threshold: 6, pack: 2 },
  { name: 'Fusible {v}', variants: ['2 A', '4 A', '6 A', '10 A', '16 A', '20 A', '25 A', '32 A'], price: 120, threshold: 15, pack: 10 },
  { name: 'Disjoncteur {v}', variants: ['unipolaire 10 A', 'bipolaire 16 A', 'tripolaire 20 A', 'tétrapolaire 32 A', 'différentiel 30 mA'], price: 4800, threshold: 2, pack: 1 },
  { name: 'Transformateur de commande {v}', variants: ['230/24 V 100 VA', '400/110 V 250 VA', '400/230 V 500 VA'], price: 16500, threshold: 1, pack: 1 },
  { name: 'Bouton d’appel palier {v}', variants: ['lumineux', 'à impulsion', 'braille', 'antivandale', 'montée/descente'], price: 1890, threshold: 10, pack: 5 },
  { name: 'Bouton de cabine {v}', variants: ['d’étage', 'd’alarme', 'd’ouverture de porte', 'de fermeture de porte', 'braille', 'antivandale'], price: 1650, threshold: 10, pack: 5 },
  { name: 'Indicateur de position {v}', variants: ['matriciel', 'LCD 3,5 pouces', 'LCD 7 pouces', 'à flèches'], price: 14500, threshold: 1, pack: 1 },
  { name: 'Voyant {v}', variants: ['de surcharge', 'hors service', 'de présence cabine', 'd’alarme enregistrée'], price: 2150, threshold: 2, pack: 2 },
  { name: 'Cellule photoélectrique de porte {v}', variants: ['émetteur-récepteur', 'réflex'], price: 8750, threshold: 4, pack: 1 },
  { name: 'Rideau infrarouge de porte {v}', variants: ['1800 mm', '2000 mm', '2200 mm'], price: 32000, threshold: 2, pack: 1 },
  { name: 'Courroie d’opérateur de porte {v}', variants: ['HTD 5M', 'HTD 8M', 'crantée T10', 'plate'], price: 3400, threshold: 5, pack: 2 },
  { name: 'Moteur d’opérateur de porte {v}', variants: ['24 V CC', '230 V CA', 'à aimants permanents'], price: 48000, threshold: 1, pack: 1 },
  { name: 'Patin de seuil de porte {v}', variants: ['palière', 'cabine'], price: 420, threshold: 20, pack: 10 },
  { name: 'Seuil de porte en aluminium {v}', variants: ['700 mm', '800 mm', '900 mm', '1100 mm'], price: 9800, threshold: 1, pack: 1 },
  { name: 'Ferme-porte palière {v}', variants: ['à contrepoids', 'à ressort'], price: 6700, threshold: 2, pack: 1 },
  { name: 'Batterie de secours {v}', variants: ['12 V 7 Ah', '12 V 12 Ah', '24 V 7 Ah'], price: 4600, threshold: 4, pack: 2 },
  { name: 'Interphone cabine {v}', variants: ['mains libres', 'GSM', '4G'], price: 18900, threshold: 2, pack: 1 },
  { name: 'Transmetteur de téléalarme {v}', variants: ['analogique', 'GSM 2G/4G', 'IP'], price: 36000, threshold: 1, pack: 1 },
  { name: 'Huile hydraulique {v} (L)', variants: ['HLP 32', 'HLP 46', 'HLP 68', 'biodégradable'], price: 890, threshold: 20, pack: 20 },
  { name: 'Joint de vérin hydraulique {v}', variants: ['Ø 60 mm', 'Ø 80 mm', 'Ø 100 mm', 'Ø 120 mm'], price: 7200, threshold: 2, pack: 1 },
  { name: 'Électrovanne de centrale hydraulique {v}', variants: ['de montée', 'de descente', 'de secours'], price: 26000, threshold: 1, pack: 1 },
  { name: 'Graisse pour guides {v} (kg)', variants: ['standard', 'au lithium', 'biodégradable'], price: 1150, threshold: 5, pack: 5 },
  { name: 'Huile de réducteur {v} (L)', variants: ['ISO VG 220', 'ISO VG 320', 'ISO VG 460'], price: 1480, threshold: 10, pack: 10 },
  { name: 'Graisseur de guides {v}', variants: ['cabine', 'contrepoids'], price: 2400, threshold: 4, pack: 2 },
  { name: 'Interrupteur de fin de course {v}', variants: ['haut', 'bas', 'à levier', 'à galet'], price: 3600, threshold: 3, pack: 1 },
  { name: 'Aimant de positionnement {v}', variants: ['monostable', 'bistable'], price: 450, threshold: 20, pack: 10 },
  { name: 'Détecteur de niveau {v}', variants: ['magnétique', 'inductif', 'optique'], price: 5800, threshold: 3, pack: 1 },
  { name: 'Amortisseur de cuvette {v}', variants: ['à ressort', 'hydraulique', 'polyuréthane'], price: 18000, threshold: 1, pack: 1 },
  { name: 'Éclairage de cabine {v}', variants: ['tube LED 60 cm', 'tube LED 120 cm', 'spot LED encastré', 'dalle LED'], price: 1900, threshold: 10, pack: 5 },
  { name: 'Ventilateur de cabine {v}', variants: ['80 m³/h', '120 m³/h'], price: 9500, threshold: 1, pack: 1 },
  { name: 'Bloc d’éclairage de secours {v}', variants: ['de cabine', 'de gaine', 'de local machine'], price: 5200, threshold: 3, pack: 1 },
  { name: 'Revêtement de sol de cabine {v}', variants: ['caoutchouc', 'vinyle'], price: 8600, threshold: 1, pack: 1 },
  { name: 'Main courante de cabine {v}', variants: ['inox Ø 40 mm', 'inox plate'], price: 11000, threshold: 1, pack: 1 },
  { name: 'Miroir de cabine {v}', variants: ['mi-hauteur', 'pleine hauteur'], price: 22000, threshold: 1, pack: 1 },
  { name: 'Chaîne de compensation {v} (m)', variants: ['6 kg/m', '8 kg/m'], price: 3100, threshold: 20, pack: 10 },
  { name: 'Câble pendentif {v} (m)', variants: ['24 conducteurs', '36 conducteurs', '48 conducteurs'], price: 1850, threshold: 20, pack: 10 },
  { name: 'Boîte d’inspection {v}', variants: ['sur toit de cabine', 'en cuvette'], price: 24500, threshold: 1, pack: 1 },
  { name: 'Pèse-charge {v}', variants: ['à jauge de contrainte', 'à capteur sur câbles'], price: 27500, threshold: 1, pack: 1 },
  { name: 'Sonde thermique de moteur {v}', variants: ['CTP 120 °C', 'CTP 140 °C'], price: 2900, threshold: 2, pack: 1 },
  { name: 'Verrou de trappe de secours {v}', variants: ['à clé', 'à poignée'], price: 3300, threshold: 2, pack: 1 },
]

// The fleet's makes (scale-fleet.ts) and a few older models still met on site.
const FITS = ['Otis Gen2', 'Schindler 3300', 'Kone MonoSpace 500', 'TK Elevator evolution', 'Orona 3G', 'Soretex HS 630', 'Otis 2000', 'Schindler 5500', 'Kone EcoDisc']

export interface CataloguePart {
  designation: string; priceCents: number; threshold: number; pack: number
  /** Which supplier sells it (modulo their number): the family's, another one for universal parts. */
  supplierSlot: number
}

/**
 * `n` parts, the families interleaved (the first references cover every family), each
 * family's variants for each make, then universal. Past the catalogue (factor > 1), the same
 * designations come back with a supplier's range number.
 */
export function catalogue(n: number): CataloguePart[] {
  const perFamily = FAMILIES.map((f, fi) => {
    const out: CataloguePart[] = []
    const fits = [...FITS.map((m) => `pour ${m}`), 'universel']
    fits.forEach((fit, ci) => f.variants.forEach((v, vi) => out.push({
      designation: `${f.name.replace('{v}', v)}, ${fit}`,
      // ±15 % across variants and makes, stable from one run to the next.
      priceCents: Math.round(f.price * (0.85 + ((fi * 7 + vi * 13 + ci * 29) % 31) / 100)),
      threshold: f.threshold, pack: f.pack, supplierSlot: fi + (ci === fits.length - 1 ? 5 : 0),
    })))
    return out
  })
  const all: CataloguePart[] = []
  for (let j = 0; all.length < perFamily.reduce((s, l) => s + l.length, 0); j++) {
    for (const list of perFamily) if (j < list.length) all.push(list[j])
  }
  return Array.from({ length: n }, (_, i) => {
    const p = all[i % all.length]
    const round = Math.floor(i / all.length)
    return round ? { ...p, designation: `${p.designation} (gamme ${round + 1})` } : p
  })
}

export const SUPPLIERS: { name: string; contact: string; email: string; phone: string; address: string }[] = [
  { name: 'Ascenseurs Pièces Service', contact: 'Service commandes', email: 'commandes@aps-pieces.example', phone: '01 43 00 21 10', address: '14 rue des Frères-Lumière, 93150 Le Blanc-Mesnil' },
  { name: 'Élévation Distribution', contact: 'Nadia Ferrand', email: 'ventes@elevation-distribution.example', phone: '04 78 00 32 45', address: '22 avenue Jean-Mermoz, 69008 Lyon' },
  { name: 'Sud Lift Composants', contact: 'Pierre Agostini', email: 'contact@sudlift.example', phone: '04 91 00 64 20', address: 'ZI des Paluds, 13400 Aubagne' },
  { name: 'Câbles et Traction de l’Ouest', contact: 'Service clients', email: 'commandes@cto-cables.example', phone: '02 40 00 18 77', address: '9 rue de la Garde, 44300 Nantes' },
  { name: 'Électro-Manœuvre Nord', contact: 'Julien Vandamme', email: 'devis@electro-manoeuvre.example', phone: '03 20 00 55 13', address: '31 rue du Molinel, 59000 Lille' },
  { name: 'Hydrolift Équipements', contact: 'Sandrine Lopez', email: 'pieces@hydrolift.example', phone: '05 61 00 87 02', address: '4 chemin de la Loge, 31100 Toulouse' },
  { name: 'Portes et Seuils Industrie', contact: 'Marc Lebrun', email: 'commandes@portes-seuils.example', phone: '03 88 00 46 31', address: '17 rue de l’Industrie, 67400 Illkirch-Graffenstaden' },
  { name: 'Signalétique Cabine France', contact: 'Amélie Roche', email: 'ventes@signal-cabine.example', phone: '05 56 00 12 98', address: '60 quai de Bacalan, 33300 Bordeaux' },
  { name: 'Alpes Sécurité Ascenseurs', contact: 'Service commandes', email: 'commandes@alpes-securite.example', phone: '04 76 00 73 54', address: '8 rue Ampère, 38000 Grenoble' },
  { name: 'Téléalarme Services', contact: 'Karim Saïdi', email: 'support@telealarme-services.example', phone: '01 64 00 90 17', address: '2 allée des Érables, 77420 Champs-sur-Marne' },
  { name: 'Lubrifiants Techniques Rhône', contact: 'Service commandes', email: 'commandes@ltr-lubrifiants.example', phone: '04 72 00 40 66', address: '5 rue du Rhône, 69200 Vénissieux' },
  { name: 'Variateurs et Moteurs Atlantique', contact: 'Hervé Le Gall', email: 'ventes@vma-moteurs.example', phone: '02 99 00 35 80', address: '27 boulevard de la Tour-d’Auvergne, 35000 Rennes' },
]
