import { paths } from '@/config/paths'
import { ReindexCard } from '../components/reindex-card'
import { SectionGuard } from '../components/section-guard'

/** Administration › Assistant: its index, rebuilt on demand. */
export function Component() {
  return <SectionGuard path={paths.adminAssistant}><ReindexCard /></SectionGuard>
}
