/**
 * What the brand portal's forms (and its admin-tab additions) share: a react-hook-form submit whose
 * refusal lands on the fields it names, else above the form, and the line above the form.
 */
import { useLingui } from '@lingui/react/macro'
import { useRef, useState } from 'react'
import type { FieldPath, FieldValues, UseFormReturn } from 'react-hook-form'
import { ErrorLines, placeRefusal } from '#client/features/deals/admin-kit.ts'
import { fieldStates } from '#client/lib/forms/field-states.ts'
import { showFirstError } from '#client/lib/forms/show-first-error.ts'
import { brandRefusal, missionFieldMessage } from '../messages'

/**
 * A brand form's submit: `send` gets the values the form's resolver passed (a refused form is not
 * sent). The server's refusal goes under the fields it names (`field` maps a body path to one; by
 * default its first part), else above the form in the member's words; either way the first field in
 * error comes into view. `state` gives each field's error in the member's words for its Field.
 */
export function useBrandSubmit<T extends FieldValues>(
  form: UseFormReturn<T>,
  send: (values: T) => Promise<void>,
  field?: (path: string) => FieldPath<T> | null,
) {
  const { i18n } = useLingui()
  const [general, setGeneral] = useState<string | null>(null)
  const box = useRef<HTMLFormElement>(null)
  const submit = form.handleSubmit(
    async (values) => {
      setGeneral(null)
      try {
        await send(values)
      } catch (error) {
        setGeneral(placeRefusal(form, error, { general: () => brandRefusal(i18n, error), field }))
        showFirstError(box.current)
      }
    },
    () => showFirstError(box.current),
  )
  const state = fieldStates(form, (key) => missionFieldMessage(i18n, key))
  return { submit, general, box, state, pending: form.formState.isSubmitting }
}

/** The refusal that names no field, above the form. */
export function GeneralError({ message }: { message: string | null }) {
  return <ErrorLines lines={message ? [message] : []} />
}
