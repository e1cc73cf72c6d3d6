import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { notify } from '#client/lib/toast.ts'
import { LOCALES, type Locale } from '#shared/contract/common.ts'
import type { PushDevice } from '#shared/contract/push.ts'
import { formatDate } from '#shared/format-date.ts'
import { pushQueries } from '../queries'
import {
  currentEndpoint,
  type PushAvailability,
  PushTimeoutError,
  pushAvailability,
  removeDevice,
  subscribeThisDevice,
} from '../this-device'

const asLocale = (value: string): Locale =>
  (LOCALES as readonly string[]).includes(value) ? (value as Locale) : 'en'

/**
 * "Notifications on this device" on the account page: what will be sent, a button that
 * asks the browser's permission only when pressed, and the user's devices with a remove button.
 * Loaded on its own chunk: the account page is not the first route, and this is its least used part.
 */
export function PushDevices({ username }: { username: string }) {
  const { t, i18n } = useLingui()
  const queryClient = useQueryClient()
  const devices = useQuery(pushQueries.devices(username))
  const [availability, setAvailability] = useState<PushAvailability>(() => pushAvailability())
  const [subscribedHere, setSubscribedHere] = useState(false)
  const [busy, setBusy] = useState(false)
  const [turningOn, setTurningOn] = useState(false)
  const [failure, setFailure] = useState<string | null>(null)

  useEffect(() => {
    let live = true
    void currentEndpoint()
      .then((endpoint) => live && setSubscribedHere(endpoint !== null))
      .catch(() => undefined)
    return () => {
      live = false
    }
  }, [])

  const refresh = () => queryClient.invalidateQueries({ queryKey: pushQueries.devices(username).queryKey })

  const turnOn = async () => {
    setBusy(true)
    setTurningOn(true)
    setFailure(null)
    try {
      const permission = await subscribeThisDevice(username, asLocale(i18n.locale))
      setAvailability(permission)
      // The section itself then says notifications are on: no toast repeating it.
      if (permission === 'granted') setSubscribedHere(true)
      await refresh()
    } catch (error) {
      setFailure(
        error instanceof PushTimeoutError
          ? t`The notification service did not answer within 10 seconds. Check your connection, then try again.`
          : t`Notifications could not be turned on. Please try again.`,
      )
      // Back to what is true: a subscription the browser made late may exist, or not.
      void currentEndpoint()
        .then((endpoint) => setSubscribedHere(endpoint !== null))
        .catch(() => undefined)
    } finally {
      setBusy(false)
      setTurningOn(false)
    }
  }

  const remove = async (device: PushDevice) => {
    setBusy(true)
    try {
      await removeDevice(username, device.id, device.current)
      if (device.current) setSubscribedHere(false)
      await refresh()
    } catch {
      void notify('error', t`This device could not be removed. Please try again.`)
    } finally {
      setBusy(false)
    }
  }

  const items = devices.data?.items ?? []
  const thisDeviceListed = items.some((device) => device.current)
  return (
    <section className="card-section" aria-labelledby="push-heading">
      <h2 id="push-heading">
        <Trans>Notifications on this device</Trans>
      </h2>
      <p>
        <Trans>
          Get a notification on this device when a deal finishes or is stopped, when earnings become
          available, when a payout is paid or fails, and when your certification is decided. Nothing else is
          sent.
        </Trans>
      </p>
      {availability === 'unsupported' ? (
        <p className="muted">
          <Trans>
            This browser cannot receive notifications. On an iPhone or iPad, add Streamdeals to your home
            screen and open it from there.
          </Trans>
        </p>
      ) : availability === 'denied' ? (
        <p className="muted">
          <Trans>
            Notifications are blocked for this site. Allow them in your browser’s site settings, then come
            back here.
          </Trans>
        </p>
      ) : subscribedHere && thisDeviceListed ? (
        <p className="muted">
          <Trans>Notifications are on for this device.</Trans>
        </p>
      ) : (
        <button
          type="button"
          className="button"
          disabled={busy}
          aria-busy={turningOn}
          onClick={() => void turnOn()}
        >
          {turningOn ? <span className="spinner spinner-small" aria-hidden="true" /> : null}
          <Trans>Turn on notifications on this device</Trans>
        </button>
      )}
      <p role="status" className="muted" data-testid="push-progress">
        {turningOn ? <Trans>Turning notifications on…</Trans> : null}
      </p>
      {failure ? (
        <p role="alert" className="field-error" data-testid="push-failure">
          {failure}
        </p>
      ) : null}
      {items.length > 0 ? (
        <>
          <h3>
            <Trans>Devices that receive notifications</Trans>
          </h3>
          <ul className="link-list">
            {items.map((device) => {
              const added = formatDate(device.createdAt)
              const label = device.deviceLabel
              return (
                <li key={device.id} className="platform-row">
                  <span>
                    <strong>{device.deviceLabel}</strong>
                    {device.current ? (
                      <>
                        {' '}
                        <Trans>(this device)</Trans>
                      </>
                    ) : null}{' '}
                    <span className="muted">
                      <Trans>added on {added}</Trans>
                    </span>
                  </span>
                  <button
                    type="button"
                    className="button button-ghost"
                    disabled={busy}
                    aria-label={t`Remove ${label}`}
                    onClick={() => void remove(device)}
                  >
                    <Trans>Remove</Trans>
                  </button>
                </li>
              )
            })}
          </ul>
        </>
      ) : null}
    </section>
  )
}
