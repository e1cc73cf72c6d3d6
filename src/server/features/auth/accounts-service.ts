/**
 * What other features may use of the accounts: reading a user, the mailed links' rate limit, writing
 * text into a mail (the brand portal's invitations), and removing an avatar's file (account deletion).
 */
export { authLimits } from './auth-limits'
export { escapeHtml, type MailRecipient } from './auth-mails'
export { removeAvatar } from './avatar'
export { findUserById, findUserByUsername } from './users-repository'
