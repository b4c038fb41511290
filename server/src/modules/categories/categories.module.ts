import { defineModule } from '../module.ts'
import { categoriesRoutes } from './categories.routes.ts'
import { CategoriesService } from './categories.service.ts'

export const categoriesModule = defineModule({
  name: 'categories',
  service: (p) => new CategoriesService(p),
  routes: categoriesRoutes,
})
