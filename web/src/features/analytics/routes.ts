import type { RouteObject } from 'react-router'

// The charts (recharts) weigh: the page is its own chunk, loaded only when opened.
export const routes: RouteObject[] = [
  { path: 'analytique', lazy: () => import('./routes/analytics') },
]
