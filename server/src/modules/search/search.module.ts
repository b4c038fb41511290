import { defineModule } from '../module.ts'
import { searchRoutes } from './search.routes.ts'
import { SearchService } from './search.service.ts'

export const searchModule = defineModule({
  name: 'search',
  service: (p) => new SearchService(p),
  routes: searchRoutes,
})
