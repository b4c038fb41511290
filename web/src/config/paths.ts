// Every address of the client in one place: links are built here, never by hand.
export const paths = {
  home: '/',
  login: '/connexion',
  activate: '/activate',
  workOrders: '/ordres',
  workOrder: (id: string) => `/ordres/${id}`,
  requests: '/demandes',
  assets: '/equipements',
  asset: (id: string) => `/equipements/${id}`,
  /** The elevators list filtered on a site (the filter the assets list reads as `site`). */
  siteAssets: (siteId: string) => `/equipements?site=${encodeURIComponent(siteId)}`,
  sites: '/sites',
  /** The carnet d'entretien of an elevator (the page reads `du` and `au`, YYYY-MM-DD). */
  assetLogbook: (assetId: string) => `/equipements/${assetId}/carnet`,
  /** The owner's annual activity report of a site (the page reads `annee`). */
  siteAnnualReport: (siteId: string, year?: number) => `/sites/${siteId}/rapport-annuel${year ? `?annee=${year}` : ''}`,
  labels: '/etiquettes',
  preventive: '/preventif',
  stock: '/stock',
  part: (id: string) => `/stock/${id}`,
  admin: '/administration',
  adminUsers: '/administration/utilisateurs',
  adminTeams: '/administration/equipes',
  adminPartners: '/administration/partenaires',
  adminCategories: '/administration/categories',
  adminVocabulary: '/administration/vocabulaire',
  adminLocations: '/administration/lieux',
  adminAssistant: '/administration/assistant',
  purchaseOrders: '/achats',
  purchaseOrder: (id: string) => `/achats/${id}`,
  analytics: '/analytique',
  assistant: '/assistant',
  /** The assistant asked about one elevator (the page reads `assetId`). */
  assistantAbout: (assetId: string) => `/assistant?assetId=${encodeURIComponent(assetId)}`,
  portal: (reference: string) => `/p/${encodeURIComponent(reference)}`,
  portalTracking: (reference: string, token: string) => `/suivi/${encodeURIComponent(reference)}/${encodeURIComponent(token)}`,
} as const

/** The login page, remembering where the person was going. */
export function loginPath(from?: string): string {
  return from && from !== '/' && !from.startsWith(paths.login) ? `${paths.login}?retour=${encodeURIComponent(from)}` : paths.login
}
