/**
 * The resolver for forms whose module already holds its schema (the account forms): arktype is
 * imported here at load time, so the validation itself runs without waiting for a module.
 */
import { type } from 'arktype'
import type { FieldValues, Resolver } from 'react-hook-form'
import { formErrorsFromArk } from '#shared/contract/form-error-tree.ts'
import { resolveWith, type Validator } from './form-errors'

export function arkResolver<T extends FieldValues>(
  schema: Validator,
  optional: readonly string[] = [],
): Resolver<T> {
  return async (values) =>
    resolveWith<T>(schema, { errors: type.errors, formErrorsFromArk }, values, optional)
}
