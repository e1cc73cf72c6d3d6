/**
 * The named endpoint table: one row per API call, shared by the client (which calls them) and the
 * server (which registers its routes from the same paths, so the two can never drift apart).
 *
 * `access` says who may call a route:
 * - `public`: anyone;
 * - `session`: any signed-in user;
 * - `owner`: only the user named by the `{username}`/`{user}` placeholder, or an admin;
 * - `member`: only a member of the provider named by the `{slug}` placeholder, or an admin;
 *   roles within the provider (owner, member) are checked by the route itself;
 * - `admin`: admins only.
 * The access-control test walks this table, so a route added here without the check fails it.
 */
// The rows and the path filling only: what the client's first route needs. The whole table, with the
// admin rows, is endpoints.ts (the server and the admin screens).
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE'
export type Access = 'public' | 'session' | 'owner' | 'member' | 'admin'

export interface EndpointDefinition {
  readonly method: HttpMethod
  readonly path: string
  readonly access: Access
}

const define = <const T extends Record<string, EndpointDefinition>>(table: T): T => table

const wallet = '/api/wallets/user/{username}'
const userDeal = '/api/deals/user/{username}/mission/{code}'

/** The rows every signed-in page may call: the client's first route carries these only. */
export const userEndpoints = define({
  // Content and resources
  translation: { method: 'GET', path: '/api/resources/translation/{domain}/{local}', access: 'public' },
  contact: { method: 'POST', path: '/api/core/contact', access: 'public' },
  selection: { method: 'GET', path: '/api/core/selection/{id}', access: 'public' },
  newsletterSubscribe: { method: 'POST', path: '/api/newsletter/user', access: 'public' },
  newsletterToken: { method: 'PUT', path: '/api/newsletter/token/{token}', access: 'public' },

  // Authentication and account
  signup: { method: 'POST', path: '/api/oauth/signup', access: 'public' },
  signin: { method: 'POST', path: '/api/oauth/signin', access: 'public' },
  recovery: { method: 'POST', path: '/api/oauth/recovery', access: 'public' },
  logout: { method: 'POST', path: '/api/oauth/logout', access: 'session' },
  verify: { method: 'POST', path: '/api/oauth/verify', access: 'public' },
  // Public: the expired link's page is often opened signed out; the link's token names the account.
  verifyResend: { method: 'POST', path: '/api/oauth/verify/resend', access: 'public' },
  reset: { method: 'POST', path: '/api/oauth/reset', access: 'public' },
  // POST, not GET: the token stays out of addresses and access logs.
  resetCheck: { method: 'POST', path: '/api/oauth/reset/check', access: 'public' },
  userUpdate: { method: 'PUT', path: '/api/user/{user}', access: 'owner' },
  creatorCodeUpdate: { method: 'PUT', path: '/api/user/{user}/creator-code', access: 'owner' },
  platforms: { method: 'GET', path: '/api/user/{username}/plateform', access: 'owner' },
  platformDelete: {
    method: 'DELETE',
    path: '/api/user/{username}/plateform/{code}/{reference}',
    access: 'owner',
  },
  // The owner's own data, and the account's deletion: the handlers refuse an admin acting for someone.
  accountExport: { method: 'GET', path: '/api/user/{username}/export', access: 'owner' },
  accountDelete: { method: 'POST', path: '/api/user/{username}/deletion', access: 'owner' },
  twitchConnect: { method: 'POST', path: '/api/partner/twitch/connect', access: 'session' },
  adminAccess: { method: 'GET', path: '/api/access/admin/{token}', access: 'public' },
  // Which optional services (captcha, Twitch) this server has switched on, so the forms can adapt.
  authSettings: { method: 'GET', path: '/api/oauth/settings', access: 'public' },

  // Wallet
  walletGet: { method: 'GET', path: wallet, access: 'owner' },
  walletCreate: { method: 'POST', path: wallet, access: 'owner' },
  walletUpdate: { method: 'PUT', path: wallet, access: 'owner' },
  walletTransactions: { method: 'GET', path: `${wallet}/transactions`, access: 'owner' },
  walletTransaction: { method: 'GET', path: `${wallet}/transactions/{transactionId}`, access: 'owner' },
  walletActivity: { method: 'GET', path: `${wallet}/activity`, access: 'owner' },
  walletActivityExport: { method: 'GET', path: `${wallet}/activity/export`, access: 'owner' },
  walletStatement: { method: 'GET', path: `${wallet}/statement`, access: 'owner' },
  walletSummary: { method: 'GET', path: `${wallet}/summary`, access: 'owner' },
  walletPayout: { method: 'POST', path: `${wallet}/payout`, access: 'owner' },
  walletPayouts: { method: 'GET', path: `${wallet}/payouts`, access: 'owner' },
  walletBankAccountCreate: { method: 'POST', path: `${wallet}/bank-account`, access: 'owner' },
  walletBankAccountUnactivate: {
    method: 'PUT',
    path: `${wallet}/bank-account/{bankId}/unactivate`,
    access: 'owner',
  },
  walletBankAccountDefault: {
    method: 'PUT',
    path: `${wallet}/bank-account/{bankId}/default`,
    access: 'owner',
  },
  walletKyc: { method: 'POST', path: `${wallet}/kyc`, access: 'owner' },
  walletKycDocuments: { method: 'GET', path: `${wallet}/kyc`, access: 'owner' },
  walletKycDocument: { method: 'GET', path: `${wallet}/kyc/{documentId}`, access: 'owner' },
  walletOnboarding: { method: 'GET', path: `${wallet}/onboarding`, access: 'owner' },

  // Deals and missions
  missions: { method: 'GET', path: '/api/deals/missions', access: 'public' },
  mission: { method: 'GET', path: '/api/deals/missions/{code}', access: 'public' },
  userDeals: { method: 'GET', path: '/api/deals/user/{username}/missions', access: 'owner' },
  userDeal: { method: 'GET', path: userDeal, access: 'owner' },
  userDealTriggers: { method: 'GET', path: `${userDeal}/triggers`, access: 'owner' },
  userDealStats: { method: 'GET', path: `${userDeal}/stats`, access: 'owner' },
  userDealStop: { method: 'PUT', path: `${userDeal}/stopped`, access: 'owner' },
  userDealInvoice: { method: 'GET', path: `${userDeal}/invoice`, access: 'owner' },
  userDealWidgetToken: { method: 'POST', path: `${userDeal}/widget-token`, access: 'owner' },
  userDealWidgetTestAlert: { method: 'POST', path: `${userDeal}/widget-test-alert`, access: 'owner' },
  subscriptionGet: { method: 'GET', path: '/api/deals/subscriptions/{code}/{username}', access: 'owner' },
  subscriptionCreate: { method: 'POST', path: '/api/deals/subscriptions/{code}/{username}', access: 'owner' },
  // Called by a viewer's browser on a tracked link: public by nature.
  subscriptionCheck: {
    method: 'POST',
    path: '/api/deals/subscriptions/check/{code}/{username}',
    access: 'public',
  },
  widget: { method: 'GET', path: '/api/widgets/widget/{token}', access: 'public' },

  // Web Push: the server's VAPID public key, and the user's subscribed devices.
  pushKey: { method: 'GET', path: '/api/push/key', access: 'public' },
  pushSubscribe: { method: 'POST', path: '/api/push/user/{username}/devices', access: 'owner' },
  pushDevices: { method: 'GET', path: '/api/push/user/{username}/devices', access: 'owner' },
  pushDeviceDelete: { method: 'DELETE', path: '/api/push/user/{username}/devices/{id}', access: 'owner' },
})

export class MissingEndpointParameterError extends Error {
  constructor(
    readonly endpointName: string,
    readonly parameter: string,
  ) {
    super(`Endpoint "${endpointName}" needs the parameter "${parameter}" but it was not given`)
    this.name = 'MissingEndpointParameterError'
  }
}

const placeholder = /\{(\w+)\}/g

/** `endpoint()` for a row the caller already holds (the client looks rows up in its own table). */
export function fillPath(name: string, path: string, params?: object): string {
  const values = (params ?? {}) as Record<string, string | number | undefined>
  return path.replace(placeholder, (_match, key: string) => {
    const value = values[key]
    if (value === undefined || value === null || value === '') {
      throw new MissingEndpointParameterError(name, key)
    }
    return encodeURIComponent(String(value))
  })
}
