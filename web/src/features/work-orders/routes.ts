import type { RouteObject } from 'react-router'

export const routes: RouteObject[] = [
  { path: 'ordres', lazy: () => import('./routes/list') },
  { path: 'ordres/:id', lazy: () => import('./routes/detail') },
]
