/**
 * Closed value lists of the deals domain, apart from the arktype contract so that client code
 * can use them (route param checks, admin pickers) without pulling the validator into its chunk.
 */
export const DEAL_STATES = ['inprogress', 'finished', 'stopped'] as const
export const WIDGET_THEMES = ['default', 'wargaming', 'spike', 'nova', 'arcade'] as const
export const INTEGRATION_TYPES = ['CUSTOM_CODE', 'MIXTE', 'LINK', 'WARGAMING', 'SPIKE_LINK'] as const
export const DEAL_EVENT_TYPES = [
  'subscribed',
  'click',
  'conversion',
  'goal_reached',
  'finished',
  'stopped',
  'credited',
  'rejected',
] as const
