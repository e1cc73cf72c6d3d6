/**
 * What other features may use of the accounts: reading a user, the mailed links' rate limit, and
 * writing text into a mail (the brand portal's invitations).
 */
export { authLimits } from './auth-limits'
export { escapeHtml, type MailRecipient } from './auth-mails'
export { findUserById } from './users-repository'
