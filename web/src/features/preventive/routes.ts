import type { RouteObject } from 'react-router'

export const routes: RouteObject[] = [
  { path: 'preventif', lazy: () => import('./routes/preventive') },
]
