/**
 * A brand integration's create form whose answer holds a secret shown once (an API key, a webhook's
 * signing secret): the brand forms' submit (contract check, refusal under its fields or above them),
 * then the secret kept for the one showing and the list beside the form refetched.
 */
import { type QueryKey, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { type DefaultValues, type FieldPath, type FieldValues, type Resolver, useForm } from 'react-hook-form'
import { useBrandSubmit } from '../components/form-parts'

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
  const queryClient = useQueryClient()
  const form = useForm<T>({
    defaultValues: options.defaultValues,
    resolver: options.resolver,
    shouldFocusError: false,
  })
  const [secret, setSecret] = useState<string | null>(null)
  const submitted = useBrandSubmit<T>(
    form,
    async (values) => {
      setSecret(await options.create(values))
      form.reset()
      await queryClient.invalidateQueries({ queryKey: options.listKey })
    },
    options.field,
  )
  return { form, ...submitted, secret, forgetSecret: () => setSecret(null) }
}
