import type { RouteObject } from 'react-router'

export const routes: RouteObject[] = [
  { path: 'achats', lazy: () => import('./routes/list') },
  { path: 'achats/:id', lazy: () => import('./routes/detail') },
]
