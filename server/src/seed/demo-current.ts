// What is going on at the demo company right now: the orders behind the appliances shown out
// of service or under maintenance (demo-fleet.ts), the portal report whose tracking link the
// README gives, the Technicien limité's own orders, a cancellation, and a request approved
// then cancelled (its tracking page shows "Sans suite").
import type { OpsContext } from './demo-context.ts'
import { BREAKDOWNS, CANCEL_REASONS, DEMO_TRACKING_TOKEN, PORTAL_CONTACTS } from './demo-operations-data.ts'
import { fleet, tell, type Call } from './demo-correctives.ts'
import { DAY, HOUR, MINUTE, prng } from './demo-random.ts'
import type { RequestPlan } from './demo-requests.ts'
import { OrderTimeline } from './demo-timeline.ts'

const bd = (symptomStart: string) => {
  const b = BREAKDOWNS.find((x) => x.report.SYMPTOM.startsWith(symptomStart))
  if (!b) throw new Error(`demo seed: no breakdown « ${symptomStart} »`)
  return b
}

export function planCurrent(ctx: OpsContext): { orders: OrderTimeline[]; requests: RequestPlan[] } {
  const { now } = ctx
  const ago = (ms: number) => new Date(now.getTime() - ms)
  const u = ctx.user
  const calls: Call[] = [
    {
      asset: fleet('BDX-CHA-MC1'), at: ago(2 * DAY + 5 * MINUTE), fate: 'OPEN', origin: 'PHONE', technicians: [u('tech-south')],
      breakdown: { says: 'Monte-charge de la stérilisation à l’arrêt : la cellule de porte reste en défaut.', report: { SYMPTOM: 'Appareil à l\'arrêt', COMPONENT: 'Cellule de porte', CAUSE: 'Défaut électronique', ACTION: 'Remplacement', RESULT: 'Remis en service' } },
    },
    {
      asset: fleet('PAR-VAU-E2'), at: ago(6 * DAY + 3 * HOUR), fate: 'ON_HOLD', technicians: [u('tech-paris-1')],
      origin: { source: 'APP', requestedBy: u('requester-paris'), contactName: null, contactPhone: null },
      breakdown: { ...bd('Fuite'), says: 'Fuite d’huile sous l’ascenseur de l’escalier 2, la cabine redescend toute seule.' },
      holdReason: 'En attente de pièce : joint de vérin commandé chez Sodimas, livraison annoncée sous 8 jours.',
    },
    {
      asset: fleet('NAN-IC-1A'), at: ago(2 * DAY + 3 * HOUR), fate: 'IN_PROGRESS', technicians: [u('tech-west')],
      origin: { source: 'PORTAL', requestedBy: null, contactName: PORTAL_CONTACTS[0].name, contactPhone: PORTAL_CONTACTS[0].phone, token: DEMO_TRACKING_TOKEN },
      breakdown: { ...bd('Bruit'), says: 'L’ascenseur fait un bruit de frottement métallique en montant, ça fait peur aux enfants.' },
    },
    { asset: fleet('LYO-CF-N1'), at: ago(DAY + 2 * HOUR), fate: 'OPEN', origin: 'PHONE', technicians: [u('tech-limited')], breakdown: bd('Bouton') },
    { asset: fleet('LYO-CF-N2'), at: ago(10 * DAY + 5 * HOUR), fate: 'DONE', origin: 'PHONE', technicians: [u('tech-limited')], breakdown: bd('Appareil à l\'arrêt') },
    { asset: fleet('LIL-EUR-E1'), at: ago(40 * DAY + 7 * HOUR), fate: 'CANCELLED', origin: 'PHONE', breakdown: bd('Portes cabine'), cancelReason: CANCEL_REASONS[1] },
    {
      asset: fleet('LYO-PD-B2'), at: ago(25 * DAY + 4 * HOUR), fate: 'CANCELLED', cancelReason: CANCEL_REASONS[0], breakdown: bd('Arrêt hors niveau'),
      origin: { source: 'APP', requestedBy: u('requester'), contactName: null, contactPhone: null },
    },
  ]
  const orders: OrderTimeline[] = []
  const requests: RequestPlan[] = []
  calls.forEach((call, i) => {
    const { order, request } = tell(ctx, call, prng(`${call.asset.ref}/current/${i}`))
    orders.push(order)
    if (request) requests.push(request)
  })
  const lastAt = (o: OrderTimeline, after: number) => new Date(Math.min(now.getTime(), o.lastAt.getTime() + after))
  orders[0].comment(u('dispatcher'), lastAt(orders[0], 20 * MINUTE), 'Intervention programmée demain matin avec la pièce ; la clinique utilise l’ascenseur brancardier en attendant.')

  // The modernisation of LYO-PD-B1, under way for nine days.
  const lyon = [u('tech'), u('tech-lyon-2')]
  orders.push(new OrderTimeline({
    type: 'CORRECTIVE', priority: 'NORMAL', personBlocked: false, assetId: ctx.asset('LYO-PD-B1'), dueAt: new Date(now.getTime() + 21 * DAY),
    description: 'Modernisation : remplacement de l’armoire de commande et des portes palières (16 niveaux).', createdBy: u('dispatcher'),
    requesterId: null, requesterName: 'Foncia Lyon Bellecour (syndic)', periodKey: null, firstControl: false, createdAt: ago(30 * DAY),
    checklist: [
      'Dépose de l’ancienne armoire de commande', 'Pose et câblage de la nouvelle armoire', 'Remplacement des portes palières',
      'Réglages et essais en charge', 'Contrôle avant remise en service',
    ].map((label) => ({ label, taskTemplateId: null })),
  }).created(u('dispatcher'))
    .assign(u('dispatcher'), ago(30 * DAY - HOUR), lyon)
    .comment(u('dispatcher'), ago(30 * DAY - 2 * HOUR), 'Devis signé par le syndic. Affichage de l’arrêt à poser dans les halls une semaine avant.')
    .move(u('tech'), ago(9 * DAY), 'IN_PROGRESS')
    .fillReport(u('tech'), ago(9 * DAY - 30 * MINUTE), { COMPONENT: ctx.value('COMPONENT', 'Armoire de commande'), CIRCUMSTANCE: ctx.value('CIRCUMSTANCE', 'Travaux de modernisation') })
    .tick(u('tech'), ago(8 * DAY), 0, 'DONE')
    .tick(u('tech-lyon-2'), ago(4 * DAY), 1, 'DONE')
    .comment(u('tech'), ago(4 * DAY - HOUR), 'Armoire posée et câblée. Portes palières : les 8 premières sont livrées demain.'))

  // LIL-EUR-MC1: the hydraulic unit found worn at a visit, being replaced since three days.
  const lille = [u('tech'), u('tech-paris-2')]
  orders.push(new OrderTimeline({
    type: 'CORRECTIVE', priority: 'HIGH', personBlocked: false, assetId: ctx.asset('LIL-EUR-MC1'), dueAt: new Date(now.getTime() + 2 * DAY),
    description: 'Remplacement de la centrale hydraulique (pompe usée, fuite au bloc de vannes).', createdBy: u('tech-paris-2'),
    requesterId: null, requesterName: null, periodKey: null, firstControl: false, createdAt: ago(5 * DAY),
  }).created(u('tech-paris-2'))
    .assign(u('dispatcher-2'), ago(5 * DAY - HOUR), lille)
    .move(u('tech-paris-2'), ago(3 * DAY), 'IN_PROGRESS')
    .fillReport(u('tech-paris-2'), ago(3 * DAY - 20 * MINUTE), {
      SYMPTOM: ctx.value('SYMPTOM', 'Fuite d\'huile'), COMPONENT: ctx.value('COMPONENT', 'Centrale hydraulique'), CAUSE: ctx.value('CAUSE', 'Usure'),
    })
    .comment(u('tech'), ago(DAY), 'Ancienne centrale déposée, la nouvelle est en place ; raccordement et essais demain.'))
  return { orders, requests }
}
