// Routes: each feature declares its pages (lazily loaded, one chunk per page) in its own
// routes.ts; the authenticated ones live inside the shell, the public portal outside it.
import { createBrowserRouter } from 'react-router'
import { routes as adminRoutes } from '@/features/admin/routes'
import { routes as analyticsRoutes } from '@/features/analytics/routes'
import { routes as assistantRoutes } from '@/features/assistant/routes'
import { routes as assetRoutes } from '@/features/assets/routes'
import { routes as authRoutes } from '@/features/auth/routes'
import { routes as carnetRoutes } from '@/features/carnet/routes'
import { routes as dashboardRoutes } from '@/features/dashboard/routes'
import { routes as portalRoutes } from '@/features/portal/routes'
import { routes as preventiveRoutes } from '@/features/preventive/routes'
import { routes as purchasingRoutes } from '@/features/purchasing/routes'
import { routes as requestRoutes } from '@/features/requests/routes'
import { routes as stockRoutes } from '@/features/stock/routes'
import { routes as workOrderRoutes } from '@/features/work-orders/routes'
import { PageLoader } from '@/components/page-loader'
import { RouteError } from './layouts/route-error'
import { RequireSession } from './layouts/require-session'
import { Shell } from './layouts/shell'

// Pages are lazy: until the first one's code arrives the router shows the root's fallback
// (without one, it renders nothing and warns on every load).
export const router = createBrowserRouter([{ hydrateFallbackElement: <PageLoader />, children: [
  ...authRoutes,
  ...portalRoutes,
  {
    element: <RequireSession />,
    errorElement: <RouteError />,
    children: [{
      element: <Shell />,
      errorElement: <RouteError />,
      children: [
        ...dashboardRoutes,
        ...workOrderRoutes,
        ...requestRoutes,
        ...assetRoutes,
        ...carnetRoutes,
        ...preventiveRoutes,
        ...stockRoutes,
        ...purchasingRoutes,
        ...analyticsRoutes,
        ...assistantRoutes,
        ...adminRoutes,
        { path: '*', lazy: () => import('./layouts/not-found') },
      ],
    }],
  },
] }])
