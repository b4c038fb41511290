// The breakdown situations the generated closed orders are drawn from: for each, what the
// caller reported (the order's description), what the technician found and did (the notes),
// and the six report codes. Several phrasings per part, combined at random, some codes
// shifted by the chosen action or by chance: learnable, but not a lookup table.
// Words reserved for the landmark orders (orders-landmarks.ts) never appear here, so a
// question about a landmark has one right answer.

export type Labels = { symptom: string; component: string; cause: string; action: string }
export type Weighted = [label: string, weight: number][]

export interface Situation {
  id: string
  /** Which elevators it happens on. */
  on: 'traction' | 'hydraulic' | 'any'
  weight: number
  labels: Labels
  results: Weighted
  circumstances: Weighted
  personBlocked?: boolean
  reported: string[]
  found: string[]
  /** What was done; a second element overrides labels for that variant. */
  done: (string | [string, Partial<Labels> & { result?: string }])[]
}

const inService: Weighted = [['Remis en service', 1]]

export const SITUATIONS: Situation[] = [
  {
    id: 'blocked-door', on: 'any', weight: 7, personBlocked: true,
    labels: { symptom: 'Personne bloquée en cabine', component: 'Opérateur de porte cabine', cause: 'Déréglage', action: 'Dégagement de personne' },
    results: inService, circumstances: [['Appel téléalarme', 5], ['Astreinte nuit et week-end', 2], ['Signalement gardien', 2], ['Appel client', 1]],
    reported: ['personne bloquée en cabine', '1 personne coincée dans l\'ascenseur entre 2 étages', 'usager bloqué en cabine porte fermée', 'personne enfermée dans l\'ascenseur au 3e', 'dame bloquée dans la cabine'],
    found: ['opérateur de porte cabine déréglé, la porte cabine n\'ouvrait plus', 'butée d\'ouverture de l\'opérateur déréglée', 'porte cabine restée fermée, opérateur en défaut de course'],
    done: ['désincarcération puis réglage de l\'opérateur', 'libération de la personne, reprise des réglages de l\'opérateur', 'personne dégagée en 20 min, opérateur réglé'],
  },
  {
    id: 'blocked-power', on: 'any', weight: 5, personBlocked: true,
    labels: { symptom: 'Personne bloquée en cabine', component: 'Armoire de commande', cause: 'Coupure d\'alimentation', action: 'Dégagement de personne' },
    results: inService, circumstances: [['Après coupure de courant', 6], ['Appel téléalarme', 4]],
    reported: ['personne bloquée suite à une coupure de courant', 'usagers coincés dans l\'ascenseur, plus de courant dans l\'immeuble', 'cabine bloquée avec 2 personnes pendant la coupure EDF'],
    found: ['coupure secteur générale, armoire hors tension', 'disjoncteur général de l\'immeuble déclenché', 'manque de tension à l\'armoire'],
    done: ['personnes évacuées au niveau, remise sous tension et essais', 'dégagement des usagers puis réarmement de l\'armoire'],
  },
  {
    id: 'landing-lock', on: 'any', weight: 8,
    labels: { symptom: 'Portes palières ne se ferment pas', component: 'Serrure palière', cause: 'Déréglage', action: 'Réglage' },
    results: inService, circumstances: [['Appel client', 5], ['Signalement gardien', 3], ['Visite d\'entretien', 2]],
    reported: ['porte palière du 2e ne ferme pas', 'porte palière reste entrouverte', 'la porte du palier ne se verrouille plus, ascenseur à l\'arrêt', 'la porte du 5e étage ne se ferme plus'],
    found: ['serrure palière déréglée, le crochet ne rentre pas', 'galet de serrure mal positionné', 'contact de serrure palière mal aligné', 'verrou de la serrure palière décalé'],
    done: ['réglage de la serrure', 'serrure réglée et contact vérifié', 'reprise du réglage du verrou'],
  },
  {
    id: 'sill-object', on: 'any', weight: 7,
    labels: { symptom: 'Portes palières ne se ferment pas', component: 'Porte palière', cause: 'Corps étranger dans le seuil', action: 'Nettoyage' },
    results: inService, circumstances: [['Signalement gardien', 5], ['Appel client', 5]],
    reported: ['porte palière du rez-de-chaussée bloquée', 'la porte ne se ferme plus au rez-de-chaussée', 'porte palière coincée en bas'],
    found: ['caillou coincé dans le seuil palier', 'gravillons dans la rainure du seuil', 'pièce de monnaie coincée dans le seuil', 'seuil plein de sable et de déchets'],
    done: ['nettoyage du seuil et aspiration de la rainure', 'seuil nettoyé, porte essayée', 'retiré le corps étranger, nettoyage'],
  },
  {
    id: 'curtain-dirty', on: 'any', weight: 6,
    labels: { symptom: 'Appareil à l\'arrêt', component: 'Cellule de porte', cause: 'Déréglage', action: 'Nettoyage' },
    results: inService, circumstances: [['Appel client', 6], ['Visite d\'entretien', 4]],
    reported: ['la porte cabine se rouvre sans arrêt', 'l\'ascenseur ne part pas, la porte se rouvre', 'la porte cabine fait des allers-retours'],
    found: ['cellule de porte encrassée et désalignée', 'rideau lumineux sale', 'barrière infrarouge mal alignée, lentilles poussiéreuses'],
    done: ['nettoyage des lentilles et réalignement', 'nettoyé la cellule', 'nettoyage du rideau et réglage'],
  },
  {
    id: 'curtain-dead', on: 'any', weight: 6,
    labels: { symptom: 'Appareil à l\'arrêt', component: 'Cellule de porte', cause: 'Usure', action: 'Remplacement' },
    results: [['Remis en service', 3], ['En attente de pièce', 1]], circumstances: [['Appel client', 6], ['Astreinte nuit et week-end', 2], ['Signalement gardien', 2]],
    reported: ['ascenseur bloqué porte ouverte', 'la porte cabine ne se ferme plus du tout', 'ascenseur en panne portes ouvertes au rez-de-chaussée'],
    found: ['cellule de porte HS, voyant rouge fixe', 'récepteur du rideau lumineux défectueux', 'cellule grillée'],
    done: ['remplacement de la cellule', 'cellule changée', 'pose d\'un rideau neuf'],
  },
  {
    id: 'door-operator-worn', on: 'any', weight: 7,
    labels: { symptom: 'Portes cabine ne s\'ouvrent pas', component: 'Opérateur de porte cabine', cause: 'Usure', action: 'Remplacement' },
    results: [['Remis en service', 3], ['En attente de pièce', 1]], circumstances: [['Appel client', 6], ['Visite d\'entretien', 2], ['Signalement gardien', 2]],
    reported: ['les portes cabine ne s\'ouvrent pas à l\'étage', 'la porte cabine reste fermée, les gens ne peuvent pas sortir', 'la porte cabine n\'ouvre plus'],
    found: ['galets de suspension de l\'opérateur usés', 'moteur de l\'opérateur de porte HS', 'carte de l\'opérateur de porte en défaut', 'galets usés, la porte frotte'],
    done: ['remplacement des galets', 'moteur de l\'opérateur changé', 'changement de la carte de l\'opérateur'],
  },
  {
    id: 'brake-adjust', on: 'traction', weight: 7,
    labels: { symptom: 'Arrêt hors niveau', component: 'Frein machine', cause: 'Déréglage', action: 'Réglage' },
    results: inService, circumstances: [['Visite d\'entretien', 5], ['Appel client', 3], ['Signalement gardien', 2]],
    reported: ['la cabine s\'arrête en dessous du palier', 'marche au niveau du 3e, la cabine s\'arrête trop bas', 'l\'ascenseur ne s\'arrête pas à niveau', 'décalage de niveau de 3 cm'],
    found: ['frein de la machine mal réglé, arrêt trop long', 'frein qui serre en retard', 'mâchoires de frein déréglées'],
    done: ['réglage du frein', 'frein réglé et essais de freinage', 'reprise du réglage du frein machine'],
  },
  {
    id: 'levelling-hydro', on: 'hydraulic', weight: 6,
    labels: { symptom: 'Arrêt hors niveau', component: 'Centrale hydraulique', cause: 'Déréglage', action: 'Réglage' },
    results: inService, circumstances: [['Visite d\'entretien', 4], ['Appel client', 4], ['Signalement gardien', 2]],
    reported: ['la cabine s\'arrête au-dessus du niveau', 'l\'ascenseur hydraulique ne s\'arrête pas à niveau', 'marche à la sortie de la cabine', 'la cabine redescend doucement à l\'arrêt'],
    found: ['vitesse de nivelage mal réglée sur le bloc', 'réglage du bloc hydraulique dérivé', 'ralentissement trop court sur la centrale'],
    done: ['réglage de la vitesse de nivelage', 'bloc de la centrale réglé', 'reprise des réglages de ralentissement'],
  },
  {
    id: 'oil-leak', on: 'hydraulic', weight: 6,
    labels: { symptom: 'Fuite d\'huile', component: 'Centrale hydraulique', cause: 'Usure', action: 'Remplacement' },
    results: [['Remis en service', 5], ['En attente de pièce', 3], ['Intervention à programmer', 2]], circumstances: [['Visite d\'entretien', 5], ['Signalement gardien', 3], ['Visite préventive', 2]],
    reported: ['fuite d\'huile sous la centrale', 'tache d\'huile sous la centrale', 'flaque d\'huile en machinerie', 'odeur d\'huile et traces au sol'],
    found: ['flexible de la centrale suintant', 'raccord de flexible qui fuit', 'fuite au niveau du groupe moto-pompe'],
    done: ['remplacement du flexible', ['raccord resserré au couple', { action: 'Serrage', cause: 'Déréglage' }], 'changement du flexible haute pression'],
  },
  {
    id: 'machine-grease', on: 'traction', weight: 6,
    labels: { symptom: 'Bruit anormal en gaine', component: 'Machine de traction', cause: 'Défaut de lubrification', action: 'Graissage' },
    results: inService, circumstances: [['Visite préventive', 4], ['Appel client', 4], ['Visite d\'entretien', 2]],
    reported: ['bruit de frottement en gaine', 'grincement pendant la montée', 'l\'ascenseur fait un bruit bizarre', 'couinement en gaine'],
    found: ['palier de la machine sec', 'manque de graisse sur le palier côté poulie', 'roulement de machine qui chauffe, pas graissé'],
    done: ['graissage du palier', 'graissage effectué', 'regraissage du palier et essai'],
  },
  {
    id: 'rope-tension', on: 'traction', weight: 6,
    labels: { symptom: 'Vibrations en cabine', component: 'Câbles de traction', cause: 'Déréglage', action: 'Réglage' },
    results: inService, circumstances: [['Visite d\'entretien', 5], ['Appel client', 5]],
    reported: ['vibrations dans la cabine en montée', 'la cabine tremble', 'ça vibre en cabine au démarrage', 'secousses pendant le trajet'],
    found: ['tensions des câbles inégales', 'un câble détendu', 'écart de tension entre les câbles de suspension'],
    done: ['égalisation des tensions des câbles', 'réglage des tirants', 'câbles retendus'],
  },
  {
    id: 'ropes-worn', on: 'traction', weight: 5,
    labels: { symptom: 'Bruit anormal en gaine', component: 'Câbles de traction', cause: 'Usure', action: 'Remplacement' },
    results: [['Intervention à programmer', 5], ['Devis à établir', 5]], circumstances: [['Contrôle technique quinquennal', 5], ['Visite préventive', 3], ['Visite d\'entretien', 2]],
    reported: ['observation du contrôleur sur les câbles', 'câbles de traction à contrôler', 'fils cassés visibles sur les câbles'],
    found: ['plusieurs fils cassés sur les câbles de traction', 'diamètre des câbles sous la limite', 'câbles usés, réduction de diamètre'],
    done: ['remplacement du jeu de câbles à prévoir', 'changement des câbles à planifier', 'câbles à remplacer'],
  },
  {
    id: 'landing-button-vandal', on: 'any', weight: 6,
    labels: { symptom: 'Bouton d\'appel inopérant', component: 'Boutons palières', cause: 'Vandalisme', action: 'Remplacement' },
    results: inService, circumstances: [['Signalement gardien', 6], ['Appel client', 4]],
    reported: ['le bouton d\'appel du 4e ne marche plus', 'bouton palier cassé', 'bouton d\'appel enfoncé au rez-de-chaussée', 'on ne peut plus appeler l\'ascenseur au 1er'],
    found: ['bouton palier vandalisé', 'bouton brûlé au briquet', 'boîtier palier dégradé volontairement'],
    done: ['remplacement du bouton', 'bouton changé', 'pose d\'un bouton neuf'],
  },
  {
    id: 'car-button-worn', on: 'any', weight: 5,
    labels: { symptom: 'Bouton d\'appel inopérant', component: 'Boîte à boutons cabine', cause: 'Usure', action: 'Remplacement' },
    results: inService, circumstances: [['Appel client', 7], ['Visite d\'entretien', 3]],
    reported: ['le bouton du 6 en cabine ne répond pas', 'bouton cabine HS', 'la touche 2 de la cabine ne marche pas'],
    found: ['bouton poussoir de cabine usé', 'micro-contact du bouton cabine usé', 'bouton de cabine qui ne fait plus contact'],
    done: ['remplacement du bouton cabine', 'changé le poussoir'],
  },
  {
    id: 'alarm-battery', on: 'any', weight: 6,
    labels: { symptom: 'Téléalarme en défaut', component: 'Téléalarme', cause: 'Usure', action: 'Remplacement' },
    results: inService, circumstances: [['Appel téléalarme', 5], ['Visite d\'entretien', 5]],
    reported: ['la téléalarme ne répond plus', 'défaut du test cyclique de la téléalarme', 'l\'alarme cabine ne fonctionne pas'],
    found: ['batterie de la téléalarme HS', 'batterie du transmetteur à plat', 'accu de la téléalarme usé'],
    done: ['remplacement de la batterie', 'batterie changée', 'accu neuf posé, test OK avec le centre d\'appel'],
  },
  {
    id: 'restart-after-power', on: 'any', weight: 6,
    labels: { symptom: 'Appareil à l\'arrêt', component: 'Armoire de commande', cause: 'Coupure d\'alimentation', action: 'Réarmement' },
    results: inService, circumstances: [['Après coupure de courant', 7], ['Astreinte nuit et week-end', 3]],
    reported: ['ascenseur en panne depuis la coupure de courant', 'ascenseur arrêté depuis ce matin, coupure secteur cette nuit', 'appareil HS après une coupure d\'électricité'],
    found: ['armoire en défaut après la coupure secteur', 'défaut de phase suite à la coupure, relais de phases ouvert', 'manœuvre bloquée après le retour secteur'],
    done: ['réarmement de l\'armoire et essais', 'reset de l\'armoire', 'réarmé, essais OK'],
  },
  {
    id: 'inverter-fault', on: 'traction', weight: 6,
    labels: { symptom: 'Appareil à l\'arrêt', component: 'Variateur de fréquence', cause: 'Défaut électronique', action: 'Réarmement' },
    results: inService, circumstances: [['Astreinte nuit et week-end', 4], ['Appel client', 4], ['Signalement gardien', 2]],
    reported: ['ascenseur en panne, code défaut affiché', 'appareil à l\'arrêt, afficheur en défaut', 'ascenseur HS ce matin'],
    found: ['variateur en défaut de surintensité', 'défaut variateur E-302', 'variateur en erreur, carte de puissance douteuse'],
    done: ['réarmement du variateur', 'variateur réinitialisé', ['remplacement du variateur, l\'ancien renvoyé au fabricant', { action: 'Remplacement', result: 'Transmis au fabricant' }]],
  },
  {
    id: 'jerky-starts', on: 'traction', weight: 5,
    labels: { symptom: 'Démarrages brusques', component: 'Variateur de fréquence', cause: 'Déréglage', action: 'Mise à jour du paramétrage' },
    results: inService, circumstances: [['Appel client', 7], ['Visite d\'entretien', 3]],
    reported: ['démarrages brusques', 'la cabine démarre d\'un coup', 'à-coups au départ', 'démarrage violent, les usagers se plaignent'],
    found: ['rampe d\'accélération du variateur mal réglée', 'paramètres d\'accélération modifiés', 'à-coup trop élevé au démarrage'],
    done: ['modification des paramètres du variateur', 'reparamétrage de l\'accélération', 'correction du paramètre P05'],
  },
  {
    id: 'governor-contact', on: 'traction', weight: 5,
    labels: { symptom: 'Appareil à l\'arrêt', component: 'Limiteur de vitesse', cause: 'Déréglage', action: 'Réarmement' },
    results: inService, circumstances: [['Appel client', 5], ['Astreinte nuit et week-end', 3], ['Signalement gardien', 2]],
    reported: ['ascenseur bloqué, défaut de sécurité', 'ascenseur en panne chaîne de sécurité', 'appareil arrêté en E-111'],
    found: ['contact du limiteur de vitesse ouvert', 'limiteur déclenché sans survitesse, contact mal réglé', 'contact du limiteur déréglé'],
    done: ['réarmement du limiteur et réglage du contact', 'limiteur réarmé', 'réarmement et essai'],
  },
  {
    id: 'safety-gear', on: 'traction', weight: 4,
    labels: { symptom: 'Appareil à l\'arrêt', component: 'Parachute', cause: 'Surcharge', action: 'Réarmement' },
    results: inService, circumstances: [['Appel client', 5], ['Signalement gardien', 3], ['Astreinte nuit et week-end', 2]],
    reported: ['cabine bloquée entre deux étages', 'ascenseur bloqué en gaine, cabine penchée', 'ascenseur coincé après un déménagement'],
    found: ['prise de parachute, cabine surchargée', 'parachute enclenché après une surcharge de déménagement', 'prise de parachute, cabine trop chargée'],
    done: ['réarmement du parachute, contrôle des guides', 'cabine remontée en inspection, parachute réarmé'],
  },
  {
    id: 'level-not-served', on: 'any', weight: 5,
    labels: { symptom: 'Appareil ne dessert pas un niveau', component: 'Serrure palière', cause: 'Pièce cassée', action: 'Remplacement' },
    results: [['Remis en service', 1], ['En attente de pièce', 1]], circumstances: [['Appel client', 6], ['Signalement gardien', 4]],
    reported: ['l\'ascenseur ne s\'arrête plus au 3e', 'niveau 2 non desservi', 'l\'ascenseur passe le 4e sans s\'arrêter'],
    found: ['contact de serrure palière cassé', 'verrou de serrure palière cassé', 'serrure du palier cassée'],
    done: ['remplacement de la serrure', 'serrure palière changée', ['pièce commandée, niveau condamné en attendant', { result: 'En attente de pièce' }]],
  },
  {
    id: 'brake-linings', on: 'traction', weight: 5,
    labels: { symptom: 'Bruit anormal en gaine', component: 'Frein machine', cause: 'Usure', action: 'Remplacement' },
    results: [['Remis en service', 3], ['En attente de pièce', 2]], circumstances: [['Visite préventive', 5], ['Visite d\'entretien', 3], ['Appel client', 2]],
    reported: ['claquement au démarrage en machinerie', 'bruit métallique au freinage', 'frein bruyant'],
    found: ['garnitures de frein usées', 'garnitures du frein en limite d\'usure', 'ferodos usés'],
    done: ['remplacement des garnitures', 'kit garnitures posé', 'changement des garnitures des 2 circuits'],
  },
  {
    id: 'forced-door', on: 'any', weight: 5,
    labels: { symptom: 'Appareil à l\'arrêt', component: 'Porte palière', cause: 'Mauvaise utilisation', action: 'Réglage' },
    results: inService, circumstances: [['Signalement gardien', 6], ['Appel client', 4]],
    reported: ['porte palière forcée', 'porte du palier ouverte à la main', 'ascenseur en panne, porte palière entrouverte'],
    found: ['porte palière forcée par un usager, vantail sorti de son guidage', 'porte palière déformée par une ouverture forcée', 'usage abusif : porte bloquée avec une cale pendant un déménagement'],
    done: ['réglage de la porte palière', 'remise en place du vantail et réglage'],
  },
  {
    id: 'nothing-found', on: 'any', weight: 5,
    labels: { symptom: 'Appareil à l\'arrêt', component: 'Armoire de commande', cause: 'Cause non identifiée', action: 'Essais de fonctionnement' },
    results: [['Aucun défaut constaté', 1]], circumstances: [['Appel client', 6], ['Signalement gardien', 4]],
    reported: ['ascenseur signalé en panne', 'l\'ascenseur ne marche pas d\'après le locataire', 'appareil en panne'],
    found: ['fonctionnement normal à l\'arrivée', 'aucun défaut dans l\'historique', 'ascenseur en service à l\'arrivée'],
    done: ['essais sur tous les niveaux', 'essais de fonctionnement OK', 'plusieurs cycles d\'essai'],
  },
  {
    id: 'loose-operator', on: 'any', weight: 4,
    labels: { symptom: 'Vibrations en cabine', component: 'Opérateur de porte cabine', cause: 'Déréglage', action: 'Serrage' },
    results: inService, circumstances: [['Visite d\'entretien', 6], ['Appel client', 4]],
    reported: ['bruit de ferraille sur le toit de cabine', 'vibration de la porte cabine pendant le trajet', 'claquement en cabine'],
    found: ['vis de fixation de l\'opérateur desserrées', 'visserie de l\'opérateur de porte desserrée', 'support de l\'opérateur qui bouge'],
    done: ['resserrage de la visserie', 'serrage des fixations', 'vis resserrées au couple'],
  },
  {
    id: 'machine-broken', on: 'traction', weight: 3,
    labels: { symptom: 'Bruit anormal en gaine', component: 'Machine de traction', cause: 'Pièce cassée', action: 'Consignation' },
    results: [['Mis à l\'arrêt en sécurité', 1]], circumstances: [['Appel client', 5], ['Astreinte nuit et week-end', 5]],
    reported: ['gros bruit en machinerie, ascenseur arrêté', 'bruit de casse en machinerie', 'l\'ascenseur fait un bruit énorme'],
    found: ['roulement de machine cassé', 'palier de machine détruit', 'roulement côté poulie éclaté'],
    done: ['consignation de l\'appareil', 'appareil consigné en attendant la réparation', 'mise en sécurité et consignation'],
  },
  {
    id: 'water-button', on: 'any', weight: 4,
    labels: { symptom: 'Appareil à l\'arrêt', component: 'Boutons palières', cause: 'Infiltration d\'eau', action: 'Nettoyage' },
    results: [['Remis en service provisoire', 1]], circumstances: [['Signalement gardien', 5], ['Appel client', 5]],
    reported: ['bouton palier du rez-de-chaussée en court-circuit', 'ascenseur en panne depuis le lavage du hall', 'défaut 24 V, appareil HS'],
    found: ['eau dans le bouton palier après le lavage des sols', 'infiltration d\'eau dans la boîte à boutons palière', 'boîtier palier mouillé'],
    done: ['séchage et nettoyage du bouton', 'bouton nettoyé et séché'],
  },
  {
    id: 'modernisation', on: 'any', weight: 3,
    labels: { symptom: 'Appareil à l\'arrêt', component: 'Armoire de commande', cause: 'Défaut électronique', action: 'Mise à jour du paramétrage' },
    results: [['Remis en service provisoire', 1]], circumstances: [['Travaux de modernisation', 1]],
    reported: ['défaut après les travaux de modernisation', 'appareil instable depuis le changement d\'armoire'],
    found: ['paramètres de la nouvelle armoire incomplets', 'configuration des niveaux erronée'],
    done: ['reprise du paramétrage', 'paramétrage complété'],
  },
]
