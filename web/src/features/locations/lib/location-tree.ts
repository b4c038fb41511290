// listLocations answers a flat list (each site followed by its zones); the pages show a tree.
import type { Schemas } from '@/lib/api/client'

export type Location = Schemas['Location']
export interface SiteNode { site: Location; zones: Location[] }

export function siteTree(locations: Location[]): SiteNode[] {
  const nodes = new Map<string, SiteNode>()
  for (const l of locations) if (l.parentId === null) nodes.set(l.id, { site: l, zones: [] })
  // A zone whose site is out of the caller's scope has nowhere to hang: left out.
  for (const l of locations) if (l.parentId !== null) nodes.get(l.parentId)?.zones.push(l)
  return [...nodes.values()]
}

/** Sites (and their zones) whose name, city or a zone's name contains the text. */
export function filterTree(tree: SiteNode[], text: string): SiteNode[] {
  const needle = normalize(text.trim())
  if (!needle) return tree
  const has = (l: Location) => normalize(`${l.name} ${l.city ?? ''} ${l.address ?? ''}`).includes(needle)
  return tree.filter((n) => has(n.site) || n.zones.some(has))
}

/** Choices for a location picker: each site then its zones, grouped by site. */
export function locationChoices(tree: SiteNode[]) {
  return tree.map(({ site, zones }) => ({
    group: site.name,
    items: [
      { value: site.id, label: `${site.name} (tout le site)` },
      ...zones.map((z) => ({ value: z.id, label: `${site.name} › ${z.name}` })),
    ],
  }))
}

/** The address to print for a location: its own, else its site's. */
export function addressOf(locationId: string, locations: Location[]): { address: string | null; city: string | null } {
  const at = locations.find((l) => l.id === locationId)
  const site = at?.parentId ? locations.find((l) => l.id === at.parentId) : at
  return at?.address ? { address: at.address, city: at.city ?? site?.city ?? null } : { address: site?.address ?? null, city: at?.city ?? site?.city ?? null }
}

const normalize = (s: string) => s.normalize('NFD').replace(/\p{Diacritic}/gu, '').toLowerCase()
