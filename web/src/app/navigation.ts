// The main menu: an entry shows only when the person's matrix lets it view the category
// (getMe's permissions, never the role name).
import { IconAdjustments, IconChartBar, IconBuilding, IconCalendarRepeat, IconClipboardList, IconElevator, IconGauge, IconInbox, IconMessageQuestion, IconPackage, IconQrcode, IconShoppingCart } from '@tabler/icons-react'
import type { ComponentType } from 'react'
import { paths } from '@/config/paths'
import type { Action, Category } from '@/lib/auth/permissions'

export interface NavItem {
  label: string
  to: string
  icon: ComponentType<{ size?: number; stroke?: number }>
  /** Any one of these rights shows the entry; none listed: everyone. */
  anyOf?: [Category, Action][]
}

export const navigation: NavItem[] = [
  { label: 'Tableau de bord', to: paths.home, icon: IconGauge },
  { label: 'Ordres de travail', to: paths.workOrders, icon: IconClipboardList, anyOf: [['WORK_ORDERS', 'view']] },
  { label: 'Demandes', to: paths.requests, icon: IconInbox, anyOf: [['REQUESTS', 'view']] },
  { label: 'Équipements', to: paths.assets, icon: IconElevator, anyOf: [['ASSETS', 'view']] },
  { label: 'Sites', to: paths.sites, icon: IconBuilding, anyOf: [['LOCATIONS', 'view']] },
  { label: 'Assistant', to: paths.assistant, icon: IconMessageQuestion, anyOf: [['WORK_ORDERS', 'view']] },
  { label: 'Étiquettes QR', to: paths.labels, icon: IconQrcode, anyOf: [['ASSETS', 'edit']] },
  { label: 'Stock', to: paths.stock, icon: IconPackage, anyOf: [['PARTS', 'view']] },
  { label: 'Achats', to: paths.purchaseOrders, icon: IconShoppingCart, anyOf: [['PURCHASE_ORDERS', 'view']] },
  { label: 'Préventif', to: paths.preventive, icon: IconCalendarRepeat, anyOf: [['SETTINGS', 'view'], ['WORK_ORDERS', 'create']] },
  { label: 'Analytique', to: paths.analytics, icon: IconChartBar, anyOf: [['ANALYTICS', 'view']] },
  { label: 'Administration', to: paths.admin, icon: IconAdjustments, anyOf: [['PEOPLE_TEAMS', 'view'], ['SETTINGS', 'edit']] },
]

/** The menu entry an address belongs to (the longest matching one; the dashboard only for `/`). */
export function sectionOf(pathname: string): NavItem | undefined {
  return navigation
    .filter((i) => (i.to === '/' ? pathname === '/' : pathname === i.to || pathname.startsWith(`${i.to}/`)))
    .sort((a, b) => b.to.length - a.to.length)[0]
}

/** Whether the person's rights show this entry (any one of its rights, or none asked). */
export const allowed = (item: NavItem, can: (c: Category, a: Action) => boolean) => !item.anyOf || item.anyOf.some(([c, a]) => can(c, a))
