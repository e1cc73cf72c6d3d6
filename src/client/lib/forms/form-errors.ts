/**
 * The react-hook-form side of contract validation, shared by every form: field errors from a
 * FormErrorTree, and a resolver whose schema, arktype and error mapping load on the first validation.
 * Nothing here imports arktype at load time, so the public site's forms keep it out of their chunk.
 */
import type { ArkErrors } from 'arktype'
import type { FieldErrors, FieldValues, Resolver, ResolverResult } from 'react-hook-form'
import type { FormErrorTree } from '#shared/contract/errors.ts'

/** What an arktype schema gives back: the value, or errors the contract can turn into a tree. */
export type Validator = (value: unknown) => unknown

/** The first error of each top-level field, its translation key as the message (`validation.email`). */
export function fieldErrors<T extends FieldValues>(tree: FormErrorTree): FieldErrors<T> {
  const errors: Record<string, { type: string; message: string }> = {}
  for (const [field, node] of Object.entries(tree.children ?? {})) {
    const key = node.errors?.[0] ?? Object.values(node.children ?? {})[0]?.errors?.[0]
    if (key) errors[field] = { type: key, message: key }
  }
  return errors as FieldErrors<T>
}

/** Empty optional inputs are left out rather than sent as '' (which a pattern would refuse). */
function withoutEmpty(values: FieldValues, optional: readonly string[]): FieldValues {
  const copy: FieldValues = { ...values }
  for (const key of optional) if (copy[key] === '' || copy[key] === undefined) delete copy[key]
  return copy
}

/** What validation needs besides the schema: arktype's error class and the contract's error mapping. */
export interface ArkTools {
  errors: typeof ArkErrors
  formErrorsFromArk: (errors: ArkErrors) => FormErrorTree
}

/** Validates `values` with `validate` and answers as a react-hook-form resolver does. */
export function resolveWith<T extends FieldValues>(
  validate: Validator,
  tools: ArkTools,
  values: FieldValues,
  optional: readonly string[],
): ResolverResult<T> {
  const result = validate(withoutEmpty(values, optional))
  if (!(result instanceof tools.errors)) return { values: result as T, errors: {} }
  return { values: {}, errors: fieldErrors<T>(tools.formErrorsFromArk(result)) }
}

/**
 * A resolver over a contract schema that `load` gives: the schema module (and arktype with it) is
 * loaded on the first validation, so a page with a form pays for it only once the user submits.
 */
export function lazyArkResolver<T extends FieldValues>(
  load: () => Promise<Validator>,
  optional: readonly string[] = [],
): Resolver<T> {
  return async (values) => {
    const [validate, { type }, { formErrorsFromArk }] = await Promise.all([
      load(),
      import('arktype'),
      import('#shared/contract/form-error-tree.ts'),
    ])
    return resolveWith<T>(validate, { errors: type.errors, formErrorsFromArk }, values, optional)
  }
}

/**
 * A resolver for a form whose values are not yet the body (numbers typed as text, translations left
 * empty): `toBody` makes the body, `body` checks it, and its errors land on the form's field of the
 * same name, or the one `fields` names for a body field the form splits or renames. The form keeps
 * its own values when the body passes.
 */
export function bodyResolver<T extends FieldValues, B extends FieldValues>(
  body: Resolver<B>,
  toBody: (values: T) => unknown,
  fields: Readonly<Record<string, string>> = {},
): Resolver<T> {
  return async (values, context, options) => {
    const result = await body(toBody(values) as B, context, options as never)
    const errors: Record<string, unknown> = {}
    for (const [name, error] of Object.entries(result.errors)) errors[fields[name] ?? name] ??= error
    return Object.keys(errors).length > 0
      ? { values: {}, errors: errors as FieldErrors<T> }
      : { values, errors: {} }
  }
}

/** A field check of a form's own: the value's error key, or null when it passes. */
export type FieldCheck<V> = (value: V) => string | null

/**
 * A resolver with checks of the form's own on some fields, for what the contract's schema cannot say
 * in the user's terms: an amount the euro reader refuses gets the reader's reason (not the schema's
 * type error on the cents it could not make), a file its type or size. A check's key wins over the
 * schema's on its field; every other field keeps the schema's errors, so all show at once.
 */
export function withChecks<T extends FieldValues>(
  resolver: Resolver<T>,
  checks: { [K in keyof T]?: FieldCheck<T[K]> },
): Resolver<T> {
  return async (values, context, options) => {
    const result = await resolver(values, context, options)
    const errors: Record<string, unknown> = { ...result.errors }
    for (const [name, check] of Object.entries(checks) as [keyof T & string, FieldCheck<unknown>][]) {
      const key = check(values[name])
      if (key) errors[name] = { type: key, message: key }
    }
    return Object.keys(errors).length > 0 ? { values: {}, errors: errors as FieldErrors<T> } : result
  }
}
