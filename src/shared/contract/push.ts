/** Web Push: the server's VAPID key, and a user's subscribed devices. */
import { type } from 'arktype'
import { IsoDateTime, Locale, listOf, requiredText, Uuid, withRule } from './common'
import type { EndpointSchemas } from './endpoint-schema'

/** The key the browser's pushManager.subscribe needs as applicationServerKey (base64url). */
const PushKey = type({ publicKey: 'string' })
export type PushKey = typeof PushKey.infer

// base64url of the subscription's P-256 public key (65 bytes → 87 characters) and auth secret
// (16 bytes → 22 characters), with or without padding, as browsers hand them out.
const P256dh = withRule(type(/^[A-Za-z0-9_-]{86,88}={0,2}$/), 'invalid')
const AuthSecret = withRule(type(/^[A-Za-z0-9_-]{21,24}={0,2}$/), 'invalid')

/** 80 characters: "Chrome on Android" and the like, with room for a name the user gives. */
const DEVICE_LABEL_MAX_LENGTH = 80

const PushSubscribeBody = type({
  '+': 'reject',
  // Any text here: the server's endpoint guard decides (https, public address) and says why not.
  endpoint: requiredText(2048),
  keys: { '+': 'reject', p256dh: P256dh, auth: AuthSecret },
  deviceLabel: requiredText(DEVICE_LABEL_MAX_LENGTH),
  'locale?': Locale,
})
export type PushSubscribeBody = typeof PushSubscribeBody.infer

/** A device that receives notifications; `current` is the one this session subscribed. */
export const PushDevice = type({
  id: Uuid,
  deviceLabel: 'string',
  createdAt: IsoDateTime,
  lastSentAt: IsoDateTime.or('null'),
  current: 'boolean',
})
export type PushDevice = typeof PushDevice.infer

export const pushEndpoints = {
  pushKey: { summary: "The server's VAPID public key, for subscribing a device", response: PushKey },
  pushSubscribe: {
    summary: 'Subscribes this device to notifications (the same endpoint again updates it)',
    body: PushSubscribeBody,
    response: PushDevice,
    status: 201,
  },
  pushDevices: { summary: 'The devices that receive notifications', response: listOf(PushDevice) },
  pushDeviceDelete: { summary: 'Stops notifications to a device', response: null, status: 204 },
} satisfies Record<string, EndpointSchemas>
