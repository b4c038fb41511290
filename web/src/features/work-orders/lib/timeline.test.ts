import 'dayjs/locale/fr'
import dayjs from 'dayjs'
import { beforeAll, describe, expect, it } from 'vitest'
import type { Schemas } from '@/lib/api/client'
import { describeEvent, timelineOf } from './timeline'

type Event = Schemas['WorkOrderEvent']
const karim = { id: 'u-karim', displayName: 'Karim Benali' }
const julien = { id: 'u-julien', displayName: 'Julien Moreau' }
let n = 0
const event = (kind: Event['kind'], payload: Event['payload'], actor: Event['actor'] = karim): Event =>
  ({ id: `e${++n}`, kind, actor, at: `2026-11-${String(n).padStart(2, '0')}T09:00:00Z`, payload })
const people = new Map([[karim.id, karim.displayName], [julien.id, julien.displayName]])

beforeAll(() => { dayjs.locale('fr') })

describe('the activity timeline in French', () => {
  it('names state changes with their French states and the reason given', () => {
    expect(describeEvent(event('STATUS_CHANGED', { from: 'OPEN', to: 'CANCELLED', reason: 'Doublon' }), people))
      .toEqual({ title: 'Ouvert → Annulé', details: ['Motif : Doublon'] })
    const released = describeEvent(event('STATUS_CHANGED', { from: 'IN_PROGRESS', to: 'DONE', releasedAt: '2026-11-02T10:15:00Z' }), people)
    expect(released.title).toBe('En cours → Terminé')
    expect(released.details[0]).toBe('Personne libérée le 02/11/2026 11:15')
  })

  it('tells a checklist tick with the item and its statuses', () => {
    expect(describeEvent(event('CHECKLIST_UPDATED', { itemId: 'i1', label: 'Essai téléalarme', from: 'TODO', to: 'NA' }), people))
      .toEqual({ title: 'Tâche « Essai téléalarme »', details: ['À faire → Sans objet'] })
  })

  it('tells a breakdown time tapped, and a correction with the time it replaced', () => {
    expect(describeEvent(event('TIMES_RECORDED', { times: [{ field: 'arrivedAt', from: null, to: '2026-11-02T09:42:00Z' }] }), people))
      .toMatchObject({ title: 'Heures du dépannage enregistrées', details: ['Arrivé sur place : 02/11/2026 10:42'] })
    const corrected = describeEvent(event('TIMES_RECORDED', { times: [{ field: 'leftAt', from: '2026-11-02T11:10:00Z', to: '2026-11-02T10:55:00Z' }] }, julien), people)
    expect(corrected.title).toBe('Heures du dépannage corrigées')
    expect(corrected.details[0]).toBe('Départ : 02/11/2026 12:10 → 02/11/2026 11:55')
  })

  it('names the people added and removed, counting those it cannot name', () => {
    expect(describeEvent(event('ASSIGNEES_CHANGED', { added: [karim.id, 'u-gone'], removed: [julien.id] }), people))
      .toEqual({ title: 'Intervenants modifiés', details: ['Ajouté : Karim Benali, une autre personne', 'Retiré : Julien Moreau'] })
  })

  it('lists the report fields changed, a generated grid\'s month, a linked request, a comment', () => {
    expect(describeEvent(event('REPORT_UPDATED', { fields: ['SYMPTOM', 'CAUSE'] }), people).details).toEqual(['Constat, Cause'])
    expect(describeEvent(event('GENERATED', { periodKey: '2026-11', firstControl: true, taskCount: 5 }, null), people))
      .toEqual({ title: 'Grille préventive générée pour novembre 2026', details: ['Première visite : toutes les tâches', '5 tâches à contrôler'] })
    expect(describeEvent(event('REQUEST_LINKED', { requestId: 'r', requestReference: 'DEM-000012' }), people).title).toBe('Créé depuis la demande DEM-000012')
    const comments = [{ id: 'c1', author: karim, body: 'Porte palière réglée.', createdAt: '2026-11-03T09:00:00Z' }]
    expect(describeEvent(event('COMMENTED', { commentId: 'c1' }), people, comments)).toEqual({ title: 'Commentaire ajouté', details: ['Porte palière réglée.'] })
  })

  it('puts the newest first and calls an actorless event the system', () => {
    const detail = {
      assignees: [karim], createdBy: null, comments: [], checklist: [], report: { updatedBy: null },
      activity: [event('GENERATED', { periodKey: '2026-10', firstControl: false, taskCount: 1 }, null), event('ASSIGNEES_CHANGED', { added: [karim.id] }, julien)],
    } as unknown as Schemas['WorkOrderDetail']
    const entries = timelineOf(detail)
    expect(entries.map((e) => [e.title, e.actor])).toEqual([['Intervenants modifiés', 'Julien Moreau'], ['Grille préventive générée pour octobre 2026', 'Système']])
    expect(entries[0].details).toEqual(['Ajouté : Karim Benali'])
  })
})
