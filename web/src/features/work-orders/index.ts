// The work orders' public entry: what other features may use.
export { CreateWorkOrderModal, type FindingPreset } from './components/create-work-order-modal'
