import type { RouteObject } from 'react-router'

// The elevator's legal record in print (docs/compliance.md): the carnet d'entretien and the
// owner's annual activity report.
export const routes: RouteObject[] = [
  { path: 'equipements/:id/carnet', lazy: () => import('./routes/carnet') },
  { path: 'sites/:id/rapport-annuel', lazy: () => import('./routes/annual-report') },
]
