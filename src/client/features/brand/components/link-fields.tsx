import { Trans, useLingui } from '@lingui/react/macro'
import type { UseFormReturn } from 'react-hook-form'
import { Field } from '#client/components/ui/field.tsx'
import { validationMessage } from '#client/lib/validation-messages.ts'
import type { IntegrationKind } from '#shared/brand-link-kinds.ts'
import { integrationLinkData } from '#shared/deal-links.ts'
import { buildIntegrationLink, NO_LINK } from '#shared/integration-links.ts'
import { isLinkTemplate } from '#shared/link-rules.ts'
import { brandLinkKindLabels } from '../labels'
import { carriesDealCode, templateOf } from './link-parts'
import type { BrandMissionValues } from './mission-form-values'
import { linkParameter } from './mission-form-values'

// The example's stand-ins for what only a real deal knows: a streamer's name and a deal code.
const SAMPLE_USERNAME = 'your_streamer'
const SAMPLE_DEAL_CODE = 'K7P2QX'

/**
 * Where viewers land, as parts: the kind (only those this brand may use), the landing page and the
 * names of the parameters that carry the streamer and the deal; and the link a sample streamer's
 * viewer would open, live.
 */
export function LinkFields({
  form,
  kinds,
}: {
  form: UseFormReturn<BrandMissionValues>
  kinds: IntegrationKind[]
}) {
  const { t, i18n } = useLingui()
  const { errors } = form.formState
  const [type, landing, streamerParam, dealParam] = form.watch([
    'type',
    'landing',
    'streamerParam',
    'dealParam',
  ])
  const codePage = type === 'CUSTOM_CODE'
  const template = templateOf(type, { landing, streamerParam, dealParam })
  const example = buildIntegrationLink(
    { type, parameters: { [linkParameter(type)]: template } },
    integrationLinkData({ dealCode: SAMPLE_DEAL_CODE, missionCode: 'mission', username: SAMPLE_USERNAME }),
  )
  const paramRule = (text: string) =>
    text.trim() === '' || /^[\w.~-]+$/.test(text.trim())
      ? true
      : t`Use letters, digits, dots, dashes or underscores.`
  return (
    <fieldset className="link-fields">
      <legend>
        <Trans>Where viewers land</Trans>
      </legend>
      <Field label={t`Kind of link`} error={errors.type?.message}>
        {(control) => (
          <select {...control} {...form.register('type')}>
            {kinds.map((kind) => (
              <option key={kind} value={kind}>
                {i18n._(brandLinkKindLabels[kind])}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field
        label={codePage ? t`Address of the code page` : t`Landing page address`}
        error={errors.landing?.message}
        hint={codePage ? t`Every viewer opens this page: the streamer’s code is shown on it.` : undefined}
      >
        {(control) => (
          <input
            {...control}
            inputMode="url"
            placeholder="https://www.example.com/offer"
            {...form.register('landing', {
              validate: (text) => {
                if (!text.trim()) return validationMessage(i18n, 'validation.required')
                return isLinkTemplate(text.trim()) ? true : validationMessage(i18n, 'validation.url')
              },
            })}
          />
        )}
      </Field>
      {codePage ? null : (
        <Field
          label={t`Parameter with the streamer’s name`}
          error={errors.streamerParam?.message}
          hint={t`The name your analytics read, such as ref or utm_content. Leave it empty if the page needs none.`}
        >
          {(control) => (
            <input
              {...control}
              autoComplete="off"
              {...form.register('streamerParam', { validate: paramRule })}
            />
          )}
        </Field>
      )}
      {carriesDealCode(type) ? (
        <Field
          label={t`Parameter with the deal code (optional)`}
          error={errors.dealParam?.message}
          hint={t`Tells the deals of one streamer apart, such as deal or utm_campaign.`}
        >
          {(control) => (
            <input {...control} autoComplete="off" {...form.register('dealParam', { validate: paramRule })} />
          )}
        </Field>
      ) : null}
      <div className="tracked-link-preview" aria-live="polite" data-testid="tracked-link-preview">
        {example === NO_LINK ? (
          <p className="muted">
            <Trans>Enter the landing page above to see an example of the link.</Trans>
          </p>
        ) : (
          <>
            <p className="field-hint">
              <Trans>
                Example: a viewer of the streamer “{SAMPLE_USERNAME}” (deal {SAMPLE_DEAL_CODE}) lands on
              </Trans>
            </p>
            <p className="tracked-link-target break-all">{example}</p>
          </>
        )}
      </div>
    </fieldset>
  )
}
