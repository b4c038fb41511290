import type { RouteObject } from 'react-router'

export const routes: RouteObject[] = [
  { path: '/connexion', lazy: () => import('./routes/login') },
  { path: '/activate', lazy: () => import('./routes/activate') },
]
