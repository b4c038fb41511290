// « Filacier » FS8 and FS10 traction ropes: inspection and discard criteria, tension
// equalisation, lubrication. Criteria deliberately differ from the Vertika governor rope's.
import type { Manual } from './types.ts'

export const filacierRopes: Manual = {
  key: 'filacier-fs',
  fileName: 'Filacier_FS8-FS10_cables_de_traction.pdf',
  title: 'Filacier FS8 / FS10 — Câbles de traction — Inspection et critères de dépose',
  attach: { asset: 'BLV-2' },
  pages: [
    {
      title: 'Filacier — Câbles de traction FS8 et FS10',
      paragraphs: [
        'Inspection et critères de dépose. Les câbles FS8 (diamètre nominal 8 mm) et FS10 (diamètre nominal 10 mm) sont des câbles à 8 torons et âme textile, destinés aux ascenseurs à adhérence.',
        'Charge de rupture minimale : 40 kN pour le FS8, 63 kN pour le FS10. Les câbles sont livrés prélubrifiés.',
        'Diamètre minimal des poulies : 40 fois le diamètre nominal du câble.',
      ],
    },
    {
      title: '1. Critères de dépose',
      paragraphs: [
        'Remplacer le jeu de câbles lorsque l\'un des critères suivants est atteint sur un câble :',
        'plus de 6 fils cassés répartis sur une longueur de 6 fois le diamètre, ou plus de 12 fils cassés sur une longueur de 30 fois le diamètre ;',
        'un toron cassé (remplacement immédiat, mise à l\'arrêt de l\'appareil) ;',
        'une réduction du diamètre de 6 % par rapport au diamètre nominal, soit un diamètre mesuré inférieur à 7,5 mm pour le FS8 et à 9,4 mm pour le FS10 ;',
        'une corrosion marquée, un écrasement, une cage d\'oiseau ou une hernie d\'âme.',
        'Tous les câbles d\'une même suspension sont remplacés ensemble.',
      ],
    },
    {
      title: '2. Mesure du diamètre et périodicité',
      paragraphs: [
        'Mesurer le diamètre au pied à coulisse à larges becs, sur deux diamètres perpendiculaires, en trois points espacés d\'au moins 1 m, hors de la zone des attaches. Retenir la moyenne des mesures.',
        'Inspection visuelle complète des câbles à chaque visite semestrielle, sur toute la longueur, en manœuvre d\'inspection à vitesse réduite. Noter le nombre de fils cassés et le diamètre dans le carnet d\'entretien.',
        'La zone la plus sollicitée se situe sur la partie du câble qui passe sur la poulie de traction lorsque la cabine est au niveau le plus desservi.',
      ],
    },
    {
      title: '3. Égalisation des tensions',
      paragraphs: [
        'L\'écart de tension entre les câbles d\'une même suspension ne doit pas dépasser ± 10 % de la tension moyenne. Mesurer au tensiomètre, ou par la méthode de la fréquence de vibration, cabine au milieu de la gaine.',
        'Régler par les écrous des tirants de suspension, puis serrer les contre-écrous à 35 N.m et remettre les goupilles.',
        'Un écart de tension use les gorges de poulie de façon inégale et provoque des vibrations en cabine.',
      ],
    },
    {
      title: '4. Lubrification des câbles',
      paragraphs: [
        'Relubrifier lorsque les câbles sont secs au toucher, en général tous les 2 ans, avec le lubrifiant Filacier FL-20 appliqué au pinceau sur la partie qui passe sur la poulie.',
        'Ne jamais utiliser de graisse épaisse ni d\'huile de vidange : la perte d\'adhérence peut provoquer un glissement des câbles sur la poulie.',
        'Essuyer l\'excédent de lubrifiant : il ne doit pas couler sur les gorges.',
      ],
    },
    {
      title: '5. Attaches et stockage',
      paragraphs: [
        'Attaches par boîtes à coin : le brin mort doit dépasser d\'au moins 10 fois le diamètre et être tenu par un serre-câble. Ne jamais utiliser de serre-câbles comme attache principale.',
        'Stocker les bobines à l\'abri de l\'humidité, sur palette, jamais au contact du sol.',
        'Fiche établie par Karim Benali, service méthodes.',
      ],
    },
  ],
}
