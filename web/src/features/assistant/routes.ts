import type { RouteObject } from 'react-router'

// Its own chunk, loaded only when the page is opened (the page-weight budgets).
export const routes: RouteObject[] = [
  { path: 'assistant', lazy: () => import('./routes/assistant') },
]
