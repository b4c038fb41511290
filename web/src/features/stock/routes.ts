import type { RouteObject } from 'react-router'

export const routes: RouteObject[] = [
  { path: 'stock', lazy: () => import('./routes/list') },
  { path: 'stock/:id', lazy: () => import('./routes/detail') },
]
