import { defineModule } from '../module.ts'
import { usersRoutes } from './users.routes.ts'
import { UsersService } from './users.service.ts'

export const usersModule = defineModule({
  name: 'users',
  service: (p) => new UsersService(p),
  routes: usersRoutes,
})
