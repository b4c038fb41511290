// `npm run seed:scale` (DATABASE_URL required, SCALE_FACTOR optional, default 1): fills an
// empty PostgreSQL database with the scale dataset (scale.ts) and prints each step's time.
import { loadConfig } from '../config.ts'
import { openStorage } from '../platform/storage.ts'
import { NotEmptyError, seedScale, serviceEnv } from './scale.ts'
import { scaleSize } from './scale-size.ts'

const url = process.env.DATABASE_URL
if (!url) {
  console.error('seed:scale needs DATABASE_URL (an empty PostgreSQL database), e.g. DATABASE_URL=postgres://postgres@127.0.0.1:5432/palier_scale npm run seed:scale')
  process.exit(1)
}
const factor = Number(process.env.SCALE_FACTOR ?? 1)
if (!(factor > 0 && factor <= 10)) {
  console.error(`SCALE_FACTOR must be a number in (0, 10], got ${process.env.SCALE_FACTOR}`)
  process.exit(1)
}
const size = scaleSize(factor)
console.log(`seed:scale ×${factor}: ${size.sites} sites, ${size.assets} elevators, ${size.workOrders} work orders, ${size.requests} requests, ${size.parts} parts, ${size.movements} stock movements`)
// The manuals' files go where the service will read them (DATA_DIR/files, or S3_BUCKET).
const config = loadConfig(serviceEnv())
const storage = await openStorage(config)
console.log(`manuals' files into ${config.storage.kind === 's3' ? `the bucket ${config.storage.bucket}` : `${config.dataDir}/files`} (the service's DATA_DIR or S3_BUCKET)`)
const t0 = performance.now()
try {
  await seedScale({ databaseUrl: url, storage, factor, verbose: process.env.SCALE_VERBOSE === '1', log: (line) => console.log(`  ${line}`) })
} catch (e) {
  if (e instanceof NotEmptyError) {
    console.error(e.message)
    process.exit(1)
  }
  throw e
}
console.log(`done in ${((performance.now() - t0) / 1000).toFixed(1)} s. Start the service on it with DEMO_MODE=1 to log in as any demo account.`)
