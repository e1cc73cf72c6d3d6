/**
 * What other features may use of the accounts: making a creator code, reading a user, issuing a
 * one-time link and writing its address into a mail (the brand portal's invitations).
 */
export { escapeHtml, type MailRecipient, verificationLink } from './auth-mails'
export { issueOneTimeToken } from './one-time-tokens'
export { findUserById, newCreatorCode } from './users-repository'
