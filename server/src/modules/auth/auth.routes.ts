import { AUTHENTICATED, PUBLIC, publicRoute, route } from '../../http/route.ts'
import type { AuthService } from './auth.service.ts'
import { ActivateRequest, AuthResponse, DemoAccountsResponse, DemoLoginRequest, LoginRequest, MeResponse } from './auth.schemas.ts'

export const authRoutes = (s: AuthService) => [
  publicRoute({
    operationId: 'login', method: 'POST', url: '/auth/login', tag: 'Authentication', access: PUBLIC,
    summary: 'Log in with e-mail and password',
    description: 'The same 401 answers an unknown e-mail, a wrong password and an inactive account. Repeated failures per account or address answer 429 for 15 minutes.',
    body: LoginRequest,
    success: { status: 200, schema: AuthResponse },
    errors: [401, 429],
    handler: ({ body, req }) => s.login(body.email, body.password, req.ip),
  }),
  publicRoute({
    operationId: 'listDemoAccounts', method: 'GET', url: '/auth/demo-accounts', tag: 'Authentication', access: PUBLIC,
    summary: 'Active demonstration accounts (demo mode only)',
    success: { status: 200, schema: DemoAccountsResponse },
    errors: [404],
    handler: () => s.demoAccounts(),
  }),
  publicRoute({
    operationId: 'demoLogin', method: 'POST', url: '/auth/demo-login', tag: 'Authentication', access: PUBLIC,
    summary: 'One-click login as a demonstration account (demo mode only)',
    description: '404 for an id that names no account (and when demo mode is off); 403 NOT_A_DEMO_ACCOUNT for any other account, whatever its status; 401 ACCOUNT_INACTIVE for a disabled demo account.',
    body: DemoLoginRequest,
    success: { status: 200, schema: AuthResponse },
    errors: [401, 403, 404],
    handler: ({ body }) => s.demoLogin(body.userId),
  }),
  publicRoute({
    operationId: 'activateAccount', method: 'POST', url: '/auth/activate', tag: 'Authentication', access: PUBLIC,
    summary: 'Activate an invited account with its link token, and log in',
    description: '400 INVALID_ACTIVATION_LINK for an unknown, used, revoked or expired link, or an account already active or disabled; a password made only of spaces is refused. Repeated failures from one address answer 429 for 15 minutes.',
    body: ActivateRequest,
    success: { status: 200, schema: AuthResponse },
    errors: [400, 429],
    handler: ({ body, req }) => s.activate(body.token, body.password, req.ip),
  }),
  route({
    operationId: 'getMe', method: 'GET', url: '/users/me', tag: 'Authentication', access: AUTHENTICATED,
    summary: 'The caller and the permission matrix of its role',
    description: 'The answer carries the header `X-Palier-Features`, a comma-separated list of the optional features this server has turned on (`dictation` when transcribeAudio is enabled), absent when none is.',
    success: { status: 200, schema: MeResponse },
    handler: async ({ caller, reply }) => {
      const features = s.features()
      if (features.length) reply.header('x-palier-features', features.join(','))
      return s.me(caller)
    },
  }),
]
