// The badge is shared (components/status-badges.tsx): the search box shows it too.
export { AssetStatusBadge } from '@/components/status-badges'
