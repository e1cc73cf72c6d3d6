/**
 * A brand integration's create form whose answer holds a secret shown once (an API key, a webhook's
 * signing secret): the contract checks the body before it is sent, a refusal lands on its fields or
 * on the line above them, and the list beside the form is refetched once the secret is kept.
 */
import { useLingui } from '@lingui/react/macro'
import { type QueryKey, useQueryClient } from '@tanstack/react-query'
import { useRef, useState } from 'react'
import { type DefaultValues, type FieldPath, type FieldValues, type Resolver, useForm } from 'react-hook-form'
import { placeRefusal } from '#client/features/deals/admin-kit.ts'
import { fieldStates } from '#client/lib/forms/field-states.ts'
import { showFirstError } from '#client/lib/forms/show-first-error.ts'
import { validationMessage } from '#client/lib/validation-messages.ts'
import { brandRefusal } from '../messages'

interface SecretFormOptions<T extends FieldValues> {
  defaultValues: DefaultValues<T>
  resolver: Resolver<T>
  /** Creates the item and answers its secret. */
  create: (values: T) => Promise<string>
  /** The list that shows the new item. */
  listKey: QueryKey
  /** Which form field a refused body path is (default: the path's first part). */
  field?: (path: string) => FieldPath<T> | null
}

export function useSecretForm<T extends FieldValues>(options: SecretFormOptions<T>) {
  const { i18n } = useLingui()
  const queryClient = useQueryClient()
  const form = useForm<T>({
    defaultValues: options.defaultValues,
    resolver: options.resolver,
    shouldFocusError: false,
  })
  const [secret, setSecret] = useState<string | null>(null)
  const [general, setGeneral] = useState<string | null>(null)
  const box = useRef<HTMLFormElement>(null)
  const state = fieldStates(form, (key) => validationMessage(i18n, key))
  const submit = form.handleSubmit(
    async (values) => {
      setGeneral(null)
      try {
        setSecret(await options.create(values))
        form.reset()
        await queryClient.invalidateQueries({ queryKey: options.listKey })
      } catch (error) {
        setGeneral(
          placeRefusal(form, error, { general: () => brandRefusal(i18n, error), field: options.field }),
        )
        showFirstError(box.current)
      }
    },
    () => showFirstError(box.current),
  )
  return { form, state, submit, box, general, secret, forgetSecret: () => setSecret(null) }
}
