import { named, Out, StringEnum, Type } from '../../http/schema-kit.ts'

const Dependency = named('DependencyHealth', Out({
  status: StringEnum(['up', 'down']),
  kind: Type.String({ description: 'Adapter in use: postgres or pglite; redis or memory; fs or s3.' }),
  latencyMs: Type.Integer({ minimum: 0 }),
}))

export const HealthResponse = named('HealthResponse', Out({
  status: StringEnum(['ok', 'degraded'], { description: 'ok when every dependency is up.' }),
  version: Type.String(),
  time: Type.String({ format: 'date-time' }),
  checks: Out({ database: Dependency, cache: Dependency, storage: Dependency }),
}))
