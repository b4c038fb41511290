// « Motrane » gearless machines MG250 and MG400 and their brake: an invented maker. Values
// differ between the two models (and from the other brands) on purpose: near-miss questions
// ask for the model or the quantity that is not given. Page 8 is a scan without text; page 9
// carries the service contacts (personal data the anonymiser must remove).
import type { Manual } from './types.ts'

export const motraneMachine: Manual = {
  key: 'motrane-machine',
  fileName: 'Motrane_MG250-MG400_machine_et_frein.pdf',
  title: 'Motrane MG250 / MG400 — Notice de maintenance machine et frein',
  attach: { asset: 'PLT-A1' },
  pages: [
    {
      title: 'Motrane — Machines de traction sans réducteur MG250 et MG400',
      paragraphs: [
        'Notice de maintenance — édition 2019, révision C. Cette notice s\'adresse aux techniciens de maintenance habilités qui interviennent sur les machines Motrane MG250 et MG400 installées en machinerie ou en gaine (version sans local machine).',
        'Les machines MG sont des moteurs synchrones à aimants permanents, sans réducteur, équipés d\'un frein de sécurité à double circuit agissant directement sur la poulie de traction. Elles sont pilotées par un variateur de fréquence en boucle fermée avec codeur absolu.',
        'Sécurité : avant toute intervention sur la machine ou sur le frein, consigner l\'armoire de manœuvre (sectionneur principal cadenassé), vérifier l\'absence de tension et s\'assurer que la cabine est immobilisée. Ne jamais intervenir sur le frein cabine chargée.',
        'Les opérations décrites dans cette notice complètent le plan d\'entretien de l\'ascenseur ; elles ne remplacent pas les essais réglementaires.',
      ],
    },
    {
      title: '1. Caractéristiques techniques',
      paragraphs: [
        'MG250 : charge nominale de 450 à 1 000 kg ; vitesse nominale 1,0 m/s ; puissance moteur 5,5 kW ; diamètre de poulie 240 mm ; masse de la machine 210 kg ; câbles de 8 mm, 5 gorges.',
        'MG400 : charge nominale de 1 100 à 2 000 kg ; vitesse nominale de 1,0 à 1,6 m/s ; puissance moteur 11 kW ; diamètre de poulie 320 mm ; masse de la machine 390 kg ; câbles de 10 mm, 6 gorges.',
        'Température ambiante admise en machinerie : 5 à 40 °C. Humidité relative maximale 90 % sans condensation. Indice de protection IP21.',
        'Le numéro de série figure sur la plaque signalétique, côté codeur. Le rappeler pour toute commande de pièces.',
      ],
    },
    {
      title: '2. Frein de sécurité — réglage de l\'entrefer',
      paragraphs: [
        'L\'entrefer est le jeu entre l\'armature mobile et le corps de l\'électro-aimant, frein serré. Il se mesure au jeu de cales en trois points à 120° sur chacun des deux circuits.',
        'Valeurs de réglage de l\'entrefer : MG250 : 0,3 à 0,5 mm. MG400 : 0,4 à 0,6 mm.',
        'Limite d\'usure : lorsque l\'entrefer atteint 0,7 mm sur MG250 ou 0,8 mm sur MG400, refaire le réglage. Un entrefer trop grand provoque un claquement au desserrage et peut empêcher l\'ouverture du frein.',
        'Réglage : desserrer les contre-écrous, agir sur les écrous de réglage par quart de tour, contrôler de nouveau aux trois points, puis resserrer les contre-écrous à 25 N.m.',
        'Bobine de frein du MG250 : tension d\'alimentation 207 V continu, résistance de la bobine 128 ohms à 20 °C.',
      ],
    },
    {
      title: '3. Garnitures de frein et contrôle semestriel',
      paragraphs: [
        'Épaisseur des garnitures neuves : 6 mm. Remplacer les garnitures lorsque l\'épaisseur restante est inférieure à 3 mm sur MG250, ou inférieure à 4 mm sur MG400. Toujours remplacer les garnitures des deux circuits ensemble.',
        'Contrôle semestriel du frein (tous les 6 mois) : chaque circuit doit à lui seul arrêter et maintenir la cabine chargée à 125 % de la charge nominale en descente. Essayer les circuits l\'un après l\'autre en neutralisant l\'autre.',
        'Contrôler l\'état des micro-contacts de surveillance du frein : ils doivent changer d\'état à chaque ouverture et fermeture. Une surface de friction glacée ou huilée impose le remplacement des garnitures.',
        'Après remplacement, effectuer 20 freinages en inspection pour roder les garnitures, puis refaire le contrôle de l\'entrefer.',
      ],
    },
    {
      title: '4. Défreinage manuel et évacuation des passagers',
      paragraphs: [
        'En cas de panne avec passagers en cabine, l\'évacuation se fait par défreinage manuel, cabine amenée au niveau le plus proche.',
        'Procédure MG250 : couper le sectionneur principal ; établir la communication avec la cabine ; mettre en place le levier de défreinage réf. MT-LV2 ; ouvrir le frein par à-coups brefs, la vitesse de la cabine ne devant jamais dépasser 0,3 m/s ; arrêter la cabine dans la zone de déverrouillage indiquée par le repère de câble ; relâcher le levier, il revient seul en position serrée.',
        'Procédure MG400 : en raison de la masse en jeu, le défreinage se fait uniquement avec le boîtier électrique de dépannage BDE-24, alimenté par sa batterie 24 V, depuis le tableau de secours. Ne pas utiliser de levier sur MG400.',
        'Ne jamais bloquer le levier en position ouverte ni laisser la machine sans surveillance frein ouvert. Après évacuation, rechercher la cause de la panne avant toute remise en service.',
      ],
    },
    {
      title: '5. Couples de serrage',
      paragraphs: [
        'Les couples ci-dessous s\'appliquent à la visserie d\'origine, classe 8.8, filets propres et secs. Utiliser un frein filet moyen sur les vis signalées (*).',
        'Vis de fixation du bâti sur le châssis, M16 : 190 N.m (MG250 et MG400).',
        'Vis de fixation du frein sur le bâti : MG250, M10 : 45 N.m (*) ; MG400, M12 : 80 N.m (*).',
        'Vis de fixation de la poulie de traction, M12 : 95 N.m (*).',
        'Contre-écrous de réglage de l\'entrefer : 25 N.m. Bornier moteur, M6 : 4 N.m. Écrous du codeur, M4 : 3 N.m.',
        'Contrôler les couples de serrage à la première visite semestrielle après la mise en service, puis une fois par an.',
      ],
    },
    {
      title: '6. Lubrification et roulements',
      paragraphs: [
        'MG250 : roulements graissés à vie, aucune lubrification. MG400 : regraisser le palier côté poulie tous les 12 mois avec 15 g de graisse au lithium EP2, machine à l\'arrêt et consignée.',
        'La température d\'un palier en fonctionnement ne doit pas dépasser 80 °C. Un bruit de roulement (grondement régulier qui varie avec la vitesse) impose le remplacement du roulement.',
        'Ne jamais lubrifier les gorges de la poulie ni les câbles avec de la graisse : l\'adhérence en serait réduite. Le codeur ne demande aucune lubrification.',
      ],
    },
    { scanned: true },
    {
      title: '7. Assistance technique et pièces de rechange',
      paragraphs: [
        'Kits garnitures de frein : réf. MT-KG250 pour MG250, réf. MT-KG400 pour MG400. Délai de livraison habituel : 48 h. Levier de défreinage : réf. MT-LV2.',
        'Pour toute question technique, contactez le responsable technique régional, M. Laurent Girard, tél. 06 12 34 56 78.',
        'Service pièces : contact : s.moreau@motrane-service.fr (Mme Moreau). Hotline Motrane : +33 (0)4 72 11 22 33, du lundi au vendredi.',
        'Rédacteur de la révision C : GIRARD Laurent.',
      ],
    },
  ],
}
