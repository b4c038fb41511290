// The locations feature's public entry: what the other features may use of it (the sites page
// of the assets, Administration › Lieux, the people's site pickers). Another feature imports
// `@/features/locations` only, never a file inside it (web/src/architecture.test.ts).
export { useLocations } from './api/locations'
export { LocationFormModal, type LocationTarget } from './components/location-form-modal'
export { addressOf, filterTree, locationChoices, siteTree, type Location, type SiteNode } from './lib/location-tree'
