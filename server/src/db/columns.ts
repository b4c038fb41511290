// Column shapes every module's tables share (modules/<d>/<d>.tables.ts): the only part of the
// table definitions that belongs to no module.
import { timestamp } from 'drizzle-orm/pg-core'

export const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow()
export const tstz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' })
