import { defineModule } from '../module.ts'
import { authRoutes } from './auth.routes.ts'
import { AuthService } from './auth.service.ts'

export const authModule = defineModule({
  name: 'auth',
  service: (p) => new AuthService(p),
  routes: authRoutes,
})
