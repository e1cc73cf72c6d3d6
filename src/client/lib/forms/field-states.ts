import { type FieldError, type FieldPath, type FieldValues, get, type UseFormReturn } from 'react-hook-form'

/** What a Field shows for one field of a form: its error in the user's words, and its valid state. */
export interface FieldState {
  error: string | undefined
  valid: boolean
}

/**
 * The react-hook-form side of a Field: `fieldStates(form, message)('email')` gives the field's error,
 * its key turned into text by `message` (the translation of the feature that owns the keys), and the
 * valid state once the form was submitted or the field changed. Call it while rendering: reading the
 * form state there is what subscribes the form to it.
 */
export function fieldStates<T extends FieldValues>(
  form: UseFormReturn<T>,
  message: (key: string) => string,
): (name: FieldPath<T>) => FieldState {
  const { errors, isSubmitted, dirtyFields } = form.formState
  return (name) => {
    const key = (get(errors, name) as FieldError | undefined)?.message
    return {
      error: key ? message(key) : undefined,
      valid: isSubmitted || Boolean(get(dirtyFields, name)),
    }
  }
}
