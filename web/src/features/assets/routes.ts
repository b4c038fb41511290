import type { RouteObject } from 'react-router'

export const routes: RouteObject[] = [
  { path: 'sites', lazy: () => import('./routes/sites') },
  { path: 'equipements', lazy: () => import('./routes/list') },
  { path: 'equipements/:id', lazy: () => import('./routes/detail') },
  { path: 'etiquettes', lazy: () => import('./routes/labels') },
]
