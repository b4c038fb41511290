import { describe, expect, it } from 'vitest'
import { assigneeGroups } from './assignees'

const site = { id: '00000000-0000-4000-8000-000000000001', name: 'Résidence Part-Dieu' }
const other = { id: '00000000-0000-4000-8000-000000000002', name: 'Tour Batignolles' }
const user = (displayName: string, role: string, extra: object = {}) => ({
  id: displayName, displayName, status: 'active' as const, role: { id: role, name: role as never }, sites: [] as { id: string; name: string }[], ...extra,
})

describe('assignee picker', () => {
  const users = [
    user('Thomas Lefèvre', 'Technicien'),
    user('Karim Benali', 'Technicien'),
    user('Lucas Petit', 'Technicien limité'),
    user('Julien Moreau', 'Dispatcher'),
    user('Paul Girard', 'Vue seule'),
    user('Hélène Bonnet', 'Demandeur', { sites: [site] }),
    user('Sophie Laurent', 'Gestionnaire'),
    user('Inès Garcia', 'Technicien', { status: 'disabled' }),
    user('Mehdi Haddad', 'Technicien', { status: 'invited' }),
    user('Antoine Dubois', 'Technicien', { sites: [other] }),
  ]

  it('offers active people of the working roles, technicians first, by name', () => {
    expect(assigneeGroups(users, site.id)).toEqual([
      { group: 'Techniciens', items: [{ value: 'Karim Benali', label: 'Karim Benali' }, { value: 'Thomas Lefèvre', label: 'Thomas Lefèvre' }] },
      { group: 'Techniciens limités', items: [{ value: 'Lucas Petit', label: 'Lucas Petit' }] },
      { group: 'Dispatchers', items: [{ value: 'Julien Moreau', label: 'Julien Moreau' }] },
    ])
  })

  it('keeps someone assigned to other sites out, unless the site is unknown', () => {
    const names = (siteId: string | null) => assigneeGroups(users, siteId).flatMap((g) => g.items.map((i) => i.label))
    expect(names(site.id)).not.toContain('Antoine Dubois')
    expect(names(other.id)).toContain('Antoine Dubois')
    expect(names(null)).toContain('Antoine Dubois')
  })
})
