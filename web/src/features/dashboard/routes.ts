import type { RouteObject } from 'react-router'

export const routes: RouteObject[] = [
  { index: true, lazy: () => import('./routes/dashboard') },
]
