import type { RouteObject } from 'react-router'

export const routes: RouteObject[] = [
  { path: 'demandes', lazy: () => import('./routes/list') },
]
