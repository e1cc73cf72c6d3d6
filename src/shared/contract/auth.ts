/** Sign-up, sign-in, recovery and the user's own account. */
import { type } from 'arktype'
import { PASSWORD_MAX_LENGTH } from '../validation-rules'
import {
  Captcha,
  Email,
  IsoDateTime,
  Locale,
  listOf,
  MediaObject,
  Password,
  requiredText,
  Username,
  Uuid,
} from './common'
import type { EndpointSchemas } from './endpoint-schema'
import { HttpUrl } from './links'

export const UserKind = type("'streamer' | 'provider'")
export type UserKind = typeof UserKind.infer

export const Role = type("'user' | 'admin'")
export type Role = typeof Role.infer

/** The user's own view; other users never see email, phone or roles. */
export const User = type({
  id: Uuid,
  username: 'string',
  email: 'string',
  kind: UserKind,
  roles: Role.array(),
  locale: Locale,
  avatar: MediaObject.or('null'),
  phone: 'string | null',
  creatorCode: 'string',
  sponsor: 'string | null',
  emailVerified: 'boolean',
  createdAt: IsoDateTime,
})
export type User = typeof User.infer

/** `code` is the session token, sent back as `Authorization: Bearer <code>`. */
export const LoginResponse = type({ code: 'string', user: User })
export type LoginResponse = typeof LoginResponse.infer

/** Creator codes are short and URL-safe; empty means none (the field is hidden until asked for). */
const SponsorCode = type(/^[A-Za-z0-9_-]{0,64}$/)

/** 254: long enough for an e-mail address, which some people type as their login. */
const LOGIN_MAX_LENGTH = 254
/** Verification and reset tokens are 43-character base64url strings; 512 leaves room to change that. */
const TOKEN_MAX_LENGTH = 512

export const SignupBody = type({
  '+': 'reject',
  username: Username,
  email: Email,
  plainPassword: Password,
  'sponsor?': SponsorCode,
  'captcha?': Captcha,
  'locale?': Locale,
  /** A brand's account applies for a provider instead of taking missions; streamer by default. */
  'kind?': UserKind,
})
export type SignupBody = typeof SignupBody.infer

/** Only presence is checked at sign-in: old passwords may predate today's rule. */
export const SigninBody = type({
  '+': 'reject',
  username: requiredText(LOGIN_MAX_LENGTH),
  plainPassword: requiredText(PASSWORD_MAX_LENGTH),
  'captcha?': Captcha,
})
export type SigninBody = typeof SigninBody.infer

export const RecoveryBody = type({
  '+': 'reject',
  username: requiredText(LOGIN_MAX_LENGTH),
  'captcha?': Captcha,
})
export type RecoveryBody = typeof RecoveryBody.infer

const ResetBody = type({
  '+': 'reject',
  token: requiredText(TOKEN_MAX_LENGTH),
  plainPassword: Password,
})
export type ResetBody = typeof ResetBody.infer

const VerifyBody = type({ '+': 'reject', token: requiredText(TOKEN_MAX_LENGTH) })
export type VerifyBody = typeof VerifyBody.infer

/** International numbers as people type them: digits, spaces, dots, dashes, brackets, a leading +. */
export const Phone = type(/^\+?[0-9 ().-]{6,24}$/)

/**
 * Changes to one's own account. Changing the e-mail or the password needs the current password;
 * roles, kind, ids and codes are not part of it, and sending them is refused.
 */
export const UserUpdateBody = type({
  '+': 'reject',
  'email?': Email,
  'phone?': Phone.or('null'),
  'locale?': Locale,
  'currentPassword?': requiredText(PASSWORD_MAX_LENGTH),
  'plainPassword?': Password,
}).narrow((body, ctx) => {
  const sensitive = body.plainPassword !== undefined || body.email !== undefined
  if (!sensitive || body.currentPassword !== undefined) return true
  return ctx.reject({
    expected: 'the current password',
    relativePath: ['currentPassword'],
    meta: { rule: 'required' },
  })
})
export type UserUpdateBody = typeof UserUpdateBody.infer

/** A creator code one chooses; its rules (length, letters and digits, reserved words) answer as field errors. */
const CreatorCodeBody = type({ '+': 'reject', code: 'string <= 64' })
export type CreatorCodeBody = typeof CreatorCodeBody.infer

/** A connected streaming platform account (e.g. Twitch). */
export const Platform = type({
  code: 'string',
  reference: 'string',
  displayName: 'string',
  connectedAt: IsoDateTime,
})
export type Platform = typeof Platform.infer

export const TwitchConnectBody = type({
  '+': 'reject',
  code: requiredText(TOKEN_MAX_LENGTH),
  'redirectUri?': HttpUrl,
})
export type TwitchConnectBody = typeof TwitchConnectBody.infer

/** Answer of `GET /api/access/admin/{token}`. */
export const AdminAccess = type({ admin: 'boolean' })
export type AdminAccess = typeof AdminAccess.infer

/** Answer of `GET /api/oauth/settings`: the optional services the forms must know about (null = off). */
export const AuthSettings = type({
  turnstileSiteKey: 'string | null',
  twitch: type({ clientId: 'string', authorizeUrl: 'string' }).or('null'),
})
export type AuthSettings = typeof AuthSettings.infer

/** A recovery request is accepted whether or not the account exists: the answer tells nobody. */
const RecoveryAnswer = type({ status: "'accepted'" })
export type RecoveryAnswer = typeof RecoveryAnswer.infer

/** Whether a mailed reset link still works; `false` for an unknown, used or expired one. */
const ResetCheckAnswer = type({ usable: 'boolean' })
export type ResetCheckAnswer = typeof ResetCheckAnswer.infer

const VerifyAnswer = type({ emailVerified: 'true' })
export type VerifyAnswer = typeof VerifyAnswer.infer

/** Signed in, no body; signed out, the (expired or spent) verification link's token names the account. */
const VerifyResendBody = type({ '+': 'reject', 'token?': requiredText(TOKEN_MAX_LENGTH) })
export type VerifyResendBody = typeof VerifyResendBody.infer

/** `already_verified`: nothing was sent, the address is confirmed. */
const VerifyResendAnswer = type({ status: "'sent' | 'already_verified'" })
export type VerifyResendAnswer = typeof VerifyResendAnswer.infer

/** The auth and account rows of the endpoint table (see endpoints.ts for method, path and access). */
export const authEndpoints = {
  signup: {
    summary: 'Creates an account and signs it in; a verification link is mailed',
    body: SignupBody,
    response: LoginResponse,
    status: 201,
  },
  signin: {
    summary: 'Signs in with a username (or e-mail) and password; answers the session token as `code`',
    body: SigninBody,
    response: LoginResponse,
    errorStatuses: [401],
  },
  recovery: {
    summary: 'Mails a password reset link when the account exists (the answer is the same either way)',
    body: RecoveryBody,
    response: RecoveryAnswer,
    status: 202,
  },
  logout: {
    summary: 'Revokes the presented session token; its sockets are cut at once',
    response: null,
    status: 204,
  },
  verify: {
    summary: 'Confirms an e-mail address with the token of the mailed link',
    body: VerifyBody,
    response: VerifyAnswer,
  },
  verifyResend: {
    summary:
      'Mails a new e-mail verification link (the earlier ones stop working) to the signed-in user, or to the owner of the link token given; at most one a minute and five a day per account (429 with Retry-After)',
    body: VerifyResendBody,
    response: VerifyResendAnswer,
    status: 202,
  },
  reset: {
    summary: 'Sets a new password with the token of the mailed link, revokes every session and signs in',
    body: ResetBody,
    response: LoginResponse,
  },
  resetCheck: {
    summary:
      'Says whether a password reset token is still usable (unknown, used and expired alike answer false) without spending it',
    body: VerifyBody,
    response: ResetCheckAnswer,
  },
  userUpdate: {
    idempotencyKey: 'accepted',
    summary:
      'Changes one’s own account (e-mail and password need the current password); an `avatar` file may come as multipart',
    body: UserUpdateBody,
    files: ['avatar'],
    filesOptional: true,
    response: User,
  },
  creatorCodeUpdate: {
    summary:
      'Chooses one’s creator code (4 to 16 letters and digits, unique whatever the case); the previous one still names the user for 30 days, and nobody else may take it meanwhile; 3 changes per 30 days',
    body: CreatorCodeBody,
    response: User,
  },
  platforms: { summary: 'The streaming platforms connected to the account', response: listOf(Platform) },
  platformDelete: { summary: 'Disconnects a streaming platform', response: null, status: 204 },
  twitchConnect: {
    summary: 'Connects a Twitch account with an OAuth authorization code (200 when it was connected already)',
    body: TwitchConnectBody,
    response: Platform,
    status: 201,
  },
  authSettings: {
    summary: 'Which optional services (captcha, Twitch) this server has switched on',
    response: AuthSettings,
  },
} as const satisfies Record<string, EndpointSchemas>
