/**
 * The brand pieces of the admin page (approval and invitations in the Providers tab, manual top-ups in
 * the Missions tab): the face through which the deals feature's admin tabs reach them.
 */
export * from './admin/mission-top-up'
export * from './admin/provider-admin'
