/**
 * A form's day field: the label, a DD/MM/YYYY text control (date-input.tsx) and its message, bound to
 * a react-hook-form field that holds the day as `YYYY-MM-DD` ('' for none). Its `rules` give the
 * messages already in the user's words, as do the errors a form sets after the server refused a save.
 * Forms load lazily: import this only from lazily loaded modules, never from the first route.
 */
import type { ReactNode } from 'react'
import {
  type Control,
  Controller,
  type FieldPath,
  type FieldValues,
  type UseControllerProps,
} from 'react-hook-form'
import { DateInput } from './date-input'
import { Field } from './field'

export function DateField<T extends FieldValues, N extends FieldPath<T>>({
  control,
  name,
  label,
  rules,
  hint,
  error,
}: {
  control: Control<T>
  name: N
  label: ReactNode
  rules?: UseControllerProps<T, N>['rules']
  hint?: ReactNode
  /** A message to show instead of the field's own error (which a form's resolver may word generally). */
  error?: ReactNode
}) {
  return (
    <Controller
      control={control}
      name={name}
      rules={rules}
      render={({ field, fieldState }) => (
        <Field label={label} error={error ?? fieldState.error?.message} hint={hint}>
          {(props) => (
            <DateInput
              {...props}
              name={field.name}
              value={field.value ?? ''}
              onChange={field.onChange}
              onBlur={field.onBlur}
            />
          )}
        </Field>
      )}
    />
  )
}
