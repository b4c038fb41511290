import type { RouteObject } from 'react-router'

// Public pages (no account): a light frame of their own, outside the signed-in shell.
export const routes: RouteObject[] = [
  {
    lazy: () => import('./routes/layout'),
    children: [
      { path: '/p/:reference', lazy: () => import('./routes/report') },
      { path: '/suivi/:reference/:token', lazy: () => import('./routes/tracking') },
    ],
  },
]
