import { DateTime, Int, named, Out, StringEnum, Text } from '../../http/schema-kit.ts'

const Dependency = named('DependencyHealth', Out({
  status: StringEnum(['up', 'down']),
  kind: StringEnum(['postgres', 'pglite', 'redis', 'memory', 'fs', 's3'], { description: 'Adapter in use: postgres or pglite; redis or memory; fs or s3.' }),
  latencyMs: Int(0, 600000),
}))

export const HealthResponse = named('HealthResponse', Out({
  status: StringEnum(['ok', 'degraded'], { description: 'ok when every dependency is up.' }),
  version: Text(20, { pattern: '^\\d+\\.\\d+\\.\\d+$' }),
  time: DateTime(),
  checks: Out({ database: Dependency, cache: Dependency, storage: Dependency }),
}))
