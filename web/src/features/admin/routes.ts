import type { RouteObject } from 'react-router'

export const routes: RouteObject[] = [
  {
    path: 'administration',
    lazy: () => import('./routes/layout'),
    children: [
      { index: true, lazy: () => import('./routes/index-redirect') },
      { path: 'utilisateurs', lazy: () => import('./routes/users') },
      { path: 'equipes', lazy: () => import('./routes/teams') },
      { path: 'partenaires', lazy: () => import('./routes/partners') },
      { path: 'categories', lazy: () => import('./routes/categories') },
      { path: 'vocabulaire', lazy: () => import('./routes/vocabulary') },
      { path: 'lieux', lazy: () => import('./routes/locations') },
      { path: 'assistant', lazy: () => import('./routes/assistant') },
    ],
  },
]
