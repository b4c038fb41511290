// The API's five families flattened into one list of options, in display order, each with
// where it leads. Pure, so that keyboard order, groups and links are testable without a DOM.
import { paths } from '@/config/paths'
import { workOrderTypeLabel } from '@/config/labels'
import type { Schemas } from '@/lib/api/client'

export type Family = 'workOrders' | 'assets' | 'sites' | 'parts' | 'people'

export const familyTitle: Record<Family, string> = {
  workOrders: 'Ordres de travail',
  assets: 'Ascenseurs',
  sites: 'Sites',
  parts: 'Pièces',
  people: 'Personnes',
}

export type SearchItem =
  | { family: 'workOrders'; id: string; label: string; description: string; to: string; hit: Schemas['WorkOrderHit'] }
  | { family: 'assets'; id: string; label: string; description: string; to: string; hit: Schemas['AssetHit'] }
  | { family: 'sites'; id: string; label: string; description: string; to: string; hit: Schemas['SiteHit'] }
  | { family: 'parts'; id: string; label: string; description: string; to: string; hit: Schemas['PartHit'] }
  | { family: 'people'; id: string; label: string; description: string; to: string; hit: Schemas['PersonHit'] }

export interface SearchGroup { family: Family; title: string; items: SearchItem[] }

const join = (...parts: (string | null | undefined)[]) => parts.filter(Boolean).join(' · ')

/**
 * A site has no page of its own: it leads to the elevators list filtered on it when the person
 * may see elevators, else to the sites page.
 */
export function toGroups(data: Schemas['SearchResponse'], canViewAssets: boolean): SearchGroup[] {
  const groups: SearchGroup[] = [
    {
      family: 'workOrders', title: familyTitle.workOrders, items: data.workOrders.map((hit) => ({
        family: 'workOrders', id: hit.id, label: hit.reference, hit, to: paths.workOrder(hit.id),
        description: join(workOrderTypeLabel[hit.type], hit.assetReference, hit.siteName, hit.description),
      })),
    },
    {
      family: 'assets', title: familyTitle.assets, items: data.assets.map((hit) => ({
        family: 'assets', id: hit.id, label: hit.reference, hit, to: paths.asset(hit.id),
        description: join([hit.brand, hit.model].filter(Boolean).join(' '), hit.siteName),
      })),
    },
    {
      family: 'sites', title: familyTitle.sites, items: data.sites.map((hit) => ({
        family: 'sites', id: hit.id, label: hit.name, hit,
        to: canViewAssets ? paths.siteAssets(hit.id) : paths.sites,
        description: join(hit.address, hit.city),
      })),
    },
    {
      family: 'parts', title: familyTitle.parts, items: (data.parts ?? []).map((hit) => ({
        family: 'parts', id: hit.id, label: hit.reference, hit, to: paths.part(hit.id),
        description: join(hit.designation, `${hit.quantity} en stock`),
      })),
    },
    {
      // A person has no page of their own: the people list, filtered on the name.
      family: 'people', title: familyTitle.people, items: (data.people ?? []).map((hit) => ({
        family: 'people', id: hit.id, label: hit.displayName, hit,
        to: `${paths.adminUsers}?q=${encodeURIComponent(hit.displayName)}`, description: '',
      })),
    },
  ]
  return groups.filter((g) => g.items.length > 0)
}

/** What a screen reader hears once the results are in. */
export function announce(groups: SearchGroup[], text: string): string {
  const n = groups.reduce((sum, g) => sum + g.items.length, 0)
  if (n === 0) return `Aucun résultat pour « ${text} »`
  return `${n} résultat${n > 1 ? 's' : ''} (${groups.map((g) => `${g.title} : ${g.items.length}`).join(', ')})`
}
