import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { useSuspenseQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { namedRoutes } from '#client/lib/named-routes.ts'
import { useOnboardingSteps } from '#client/lib/session.ts'
import type { Onboarding } from '#shared/contract/wallet.ts'
import { walletQueries } from '../queries'

interface Step {
  key: keyof Onboarding
  label: ReactNode
  to: string
}

/**
 * The four steps to get paid, in the order they can be done, each linking to where it is done. The
 * steps are the session's, which holds the onboarding query's answer; watching the query
 * here keeps that answer fresh while the steps show (refetched after a wallet change).
 */
export function OnboardingSteps({ username }: { username: string }) {
  const { t } = useLingui()
  useSuspenseQuery(walletQueries.onboarding(username))
  const steps = useOnboardingSteps()
  const all: Step[] = [
    {
      key: 'profileComplete',
      label: <Trans>Verify your e-mail address</Trans>,
      to: namedRoutes['dashboard-account'],
    },
    {
      key: 'walletCreated',
      label: <Trans>Create your wallet</Trans>,
      to: namedRoutes['dashboard-deal-payment'],
    },
    {
      key: 'bankAccountAdded',
      label: <Trans>Add a bank account</Trans>,
      to: namedRoutes['dashboard-account-bank'],
    },
    {
      key: 'certificationVerified',
      label: <Trans>Get your identity certified</Trans>,
      to: namedRoutes['dashboard-account-certification'],
    },
  ]
  const left = all.filter((step) => !steps[step.key]).length
  if (left === 0) return null
  const next = all.find((step) => !steps[step.key])
  return (
    <section className="wallet-card onboarding" aria-labelledby="onboarding-title">
      <h2 id="onboarding-title">
        <Trans>Get ready to be paid</Trans>
      </h2>
      <p className="muted">
        <StepsLeft left={left} />
      </p>
      <ol className="onboarding-steps">
        {all.map((step) => {
          const done = steps[step.key]
          // The wallet and bank pages need a wallet first: later steps wait for it.
          const reachable =
            step.key === 'profileComplete' || step.key === 'walletCreated' || steps.walletCreated
          return (
            <li key={step.key} className={done ? 'done' : step === next ? 'next' : undefined}>
              <span className="step-mark" aria-hidden="true">
                {done ? '✓' : '•'}
              </span>
              <span className="visually-hidden">{done ? t`Done:` : t`To do:`}</span>
              {done || !reachable ? <span>{step.label}</span> : <Link to={step.to}>{step.label}</Link>}
            </li>
          )
        })}
      </ol>
    </section>
  )
}

/** How many steps are still to do, said as a count rather than "n of 4" (which read as a countdown). */
export function StepsLeft({ left }: { left: number }) {
  if (left === 0) return <Trans>You are all set.</Trans>
  return <Plural value={left} one="One step left." other="# steps left." />
}
