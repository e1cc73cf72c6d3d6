/**
 * A mission's target link that is not an http(s) link: the contract's refusal (what the server answers)
 * shows under the link field of the mission form, and the preview promises no landing page.
 */
import { i18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { render, screen } from '@testing-library/react'
import { type } from 'arktype'
import { useEffect } from 'react'
import { useForm } from 'react-hook-form'
import { expect, test } from 'vitest'
import {
  adminFieldMessage,
  MissionFieldControls,
  type MissionValues,
  missionBody,
  missionFieldOf,
  missionValues,
  placeRefusal,
} from '#client/features/deals/admin-kit.ts'
import { BrandMissionBody } from '#shared/contract/brand.ts'
import type { FormErrorTree } from '#shared/contract/errors.ts'
import { formErrorsFromArk } from '#shared/contract/form-error-tree.ts'

/** The error tree the server answers for these values (the same contract checks them). */
function refusal(values: MissionValues): FormErrorTree {
  const checked = BrandMissionBody(missionBody(values))
  return checked instanceof type.errors ? formErrorsFromArk(checked) : {}
}

function Form({ initial }: { initial: MissionValues }) {
  const form = useForm<MissionValues>({ defaultValues: initial })
  const message = (key: string) => adminFieldMessage(i18n, key)
  // The server's refusal of the first values, placed as the forms place it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once.
  useEffect(() => {
    placeRefusal(form, { errors: refusal(initial) }, { general: () => null, field: missionFieldOf })
  }, [])
  return <MissionFieldControls form={form} message={message} />
}

const filled = (type: string, link: string): MissionValues => ({
  ...missionValues(null),
  title: { en: 'Boss rush', fr: '', es: '' },
  description: { en: 'Beat every boss live.', fr: '', es: '' },
  type,
  link,
})

test.each([
  ['LINK', 'Link template', 'javascript:alert(document.cookie)'],
  ['CUSTOM_CODE', 'Link of the code page', 'data:text/html,<script>alert(1)</script>'],
])('a %s mission with a non-web link shows the url error under the link field', async (kind, label, link) => {
  render(
    <I18nProvider i18n={i18n}>
      <Form initial={filled(kind, link)} />
    </I18nProvider>,
  )
  const field = screen.getByLabelText(label)
  await expect.poll(() => field.getAttribute('aria-invalid')).toBe('true')
  const description = document.getElementById(field.getAttribute('aria-describedby') ?? '')
  expect(description?.textContent).toContain('Enter a valid web address.')
  expect(screen.getByTestId('tracked-link-preview').textContent).toContain('Enter the link above')
})

test('a web link template is not refused', async () => {
  render(
    <I18nProvider i18n={i18n}>
      <Form initial={filled('LINK', 'https://brand.example/go?ref=%username%')} />
    </I18nProvider>,
  )
  expect(screen.getByLabelText('Link template').getAttribute('aria-invalid')).toBeNull()
  expect(screen.getByTestId('tracked-link-preview').textContent).toContain(
    'https://brand.example/go?ref=your_streamer',
  )
})
