/**
 * The deals feature's pieces the brand portal builds on: the admin form parts its own mission and
 * provider forms reuse (fields, localized text, error lines), and the deal badge and goal widget
 * it shows. Other features reach them only through this face (tests/unit/architecture.test.ts).
 */
export * from './admin/admin-form-errors'
export * from './admin/admin-form-parts'
export * from './admin/admin-queries'
export * from './admin/localized-field'
export * from './admin/mission-fields'
export * from './components/deal-progress'
export * from './components/goal-widget'
