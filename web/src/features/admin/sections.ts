// The tabs of Administration: each shows only when the person may read what it lists (the
// permission its list operation declares in the contract), actions inside ask their own right.
import type { ComponentType } from 'react'
import { IconAddressBook, IconBuilding, IconCategory, IconList, IconMessageQuestion, IconUsers, IconUsersGroup } from '@tabler/icons-react'
import { paths } from '@/config/paths'
import type { Action, Category } from '@/lib/auth/permissions'

export interface AdminSection {
  path: string
  label: string
  icon: ComponentType<{ size?: number; stroke?: number }>
  /** All of these rights are needed to read the section. */
  needs: [Category, Action][]
}

export const adminSections: AdminSection[] = [
  { path: paths.adminUsers, label: 'Utilisateurs', icon: IconUsers, needs: [['PEOPLE_TEAMS', 'view']] },
  { path: paths.adminTeams, label: 'Équipes', icon: IconUsersGroup, needs: [['PEOPLE_TEAMS', 'view']] },
  { path: paths.adminPartners, label: 'Partenaires', icon: IconAddressBook, needs: [['PURCHASE_ORDERS', 'view']] },
  // Categories are read with ASSETS view and written with SETTINGS: shown to who administers settings.
  { path: paths.adminCategories, label: 'Catégories', icon: IconCategory, needs: [['ASSETS', 'view'], ['SETTINGS', 'view']] },
  { path: paths.adminVocabulary, label: 'Vocabulaire', icon: IconList, needs: [['SETTINGS', 'view']] },
  { path: paths.adminLocations, label: 'Lieux', icon: IconBuilding, needs: [['LOCATIONS', 'view']] },
  // Re-indexing is the section's only content, and it needs SETTINGS edit (reindexAssistant).
  { path: paths.adminAssistant, label: 'Assistant', icon: IconMessageQuestion, needs: [['SETTINGS', 'edit']] },
]

export function visibleSections(can: (c: Category, a: Action) => boolean): AdminSection[] {
  return adminSections.filter((s) => s.needs.every(([c, a]) => can(c, a)))
}
