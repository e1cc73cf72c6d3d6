import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form'
import type { FormErrorTree } from '../../../shared/contract/errors'

/** What an arktype schema gives back: the value, or errors the contract can turn into a tree. */
type Validator = (value: unknown) => unknown

/**
 * A react-hook-form resolver over a contract schema. The schema module (and arktype with it) is
 * loaded on the first validation, so a page with a form pays for it only once the user submits.
 * Each field error carries its translation key (`validation.email`) as its message.
 */
export function contractResolver<T extends FieldValues>(load: () => Promise<Validator>): Resolver<T> {
  return async (values) => {
    const [validate, { type }, { formErrorsFromArk }] = await Promise.all([
      load(),
      import('arktype'),
      import('../../../shared/contract/errors'),
    ])
    const result = validate(values)
    if (!(result instanceof type.errors)) return { values: result as T, errors: {} }
    return { values: {}, errors: fieldErrors<T>(formErrorsFromArk(result)) }
  }
}

/** The first error of each top-level field, as react-hook-form wants them. */
export function fieldErrors<T extends FieldValues>(tree: FormErrorTree): FieldErrors<T> {
  const errors: Record<string, { type: string; message: string }> = {}
  for (const [field, node] of Object.entries(tree.children ?? {})) {
    const key = node.errors?.[0] ?? Object.values(node.children ?? {})[0]?.errors?.[0]
    if (key) errors[field] = { type: key, message: key }
  }
  return errors as FieldErrors<T>
}
