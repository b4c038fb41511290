// What `npm run bench` asks the assistant, one request at a time: questions as a technician
// types them about the scale dataset's manuals and reports (seed:scale, scale-manuals*.ts and
// scale-notes.ts), near misses (a model, a code or a maker without a manual), off-domain and
// personal ones; and descriptions for suggestBilan in report style. On the demo data most of
// the questions are refused: the timing is still the store's work for each of them.

export type AskKind = 'answerable' | 'near-miss' | 'off-domain' | 'personal'

export const BENCH_QUESTIONS: { kind: AskKind; question: string }[] = [
  { kind: 'answerable', question: 'entrefer du frein Voltane VG-35 ?' },
  { kind: 'answerable', question: 'couple de serrage des vis de poulie sur une VG-50' },
  { kind: 'answerable', question: 'que veut dire le code C-214 sur une armoire celerio' },
  { kind: 'answerable', question: 'celerio cx40 defaut C418 que faire' },
  { kind: 'answerable', question: 'tension de la courroie operateur portimax PM-9' },
  { kind: 'answerable', question: 'vitesse de declenchement du limiteur Securis LS-160' },
  { kind: 'answerable', question: 'F-05 sur le variateur Ondalis VF-11, que faire ?' },
  { kind: 'answerable', question: 'combien de fils cassés pour deposer un cable Torsade T10' },
  { kind: 'answerable', question: 'temperature maxi de l\'huile centrale Pressal HC-40' },
  { kind: 'answerable', question: 'penetration mini du crochet serrure Verrouil SP-5' },
  { kind: 'answerable', question: 'personne bloquée en cabine, operateur de porte dereglé : qu\'est-ce qui a été fait ?' },
  { kind: 'near-miss', question: 'entrefer du frein Voltane VG-80' },
  { kind: 'near-miss', question: 'code C-418 sur armoire Celerio CX-10' },
  { kind: 'near-miss', question: 'vitesse de declenchement limiteur Securis LS-400' },
  { kind: 'near-miss', question: 'couple de serrage des vis de poulie Otis Gen2' },
  { kind: 'near-miss', question: 'force de fermeture maxi porte Portimax PM-15' },
  { kind: 'off-domain', question: 'quel temps fera-t-il demain à Lyon ?' },
  { kind: 'off-domain', question: 'recette de la blanquette de veau' },
  { kind: 'personal', question: 'numero de portable de Mme Martin' },
  { kind: 'personal', question: 'adresse mail du technicien Karim Benali' },
]

export const BENCH_DESCRIPTIONS: string[] = [
  'porte paliere 2e ne ferme plus, crochet de serrure deregle, reglage',
  'pers bloquee en cab 20 min, degagement, operateur de pte deregle',
  'fuite huile centrale, joint de verin a changer, devis',
  'bruit en gaine, cables secs, graissage',
  'teleallarme HS, transmetteur remplacé, appel test ok',
  'bouton palier arraché (vandalisme), remplacé',
  'arret hors niveau de 5 cm, frein a regler, entrefer repris',
  'cellule de porte encrassée, nettoyage',
  'coupure EDF, armoire en defaut, rearmement',
  'demarrages brusques, parametres du variateur repris',
  'vibrations en cabine, roulement machine usé, devis',
  'eclairage cab HS, leds changées',
  'asc a l\'arret sur surcharge, réarmé',
  'limiteur declenché, contact rearmé, essais ok',
  'parachute declenché, rearmement en inspection',
  'infiltration d\'eau, contact de serrure paliere oxydé, changé',
  'celerio en C-214, crochet use, regle a 8 mm',
  'ondalis F-05 radiateur encrassé, nettoyage',
  'LED rouge carte PXB, moteur operateur en surintensité, remplacé',
  'visite mensuelle RAS, graissage guides',
]
