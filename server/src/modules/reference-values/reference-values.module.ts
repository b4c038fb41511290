import { defineModule } from '../module.ts'
import { referenceValuesRoutes } from './reference-values.routes.ts'
import { ReferenceValuesService } from './reference-values.service.ts'

export const referenceValuesModule = defineModule({
  name: 'referenceValues',
  service: (p) => new ReferenceValuesService(p),
  routes: referenceValuesRoutes,
})
