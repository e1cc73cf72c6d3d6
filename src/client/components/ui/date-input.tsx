/**
 * A calendar day typed and shown as DD/MM/YYYY (the app's one date format), whatever the browser's own
 * language: `<input type="date">` shows mm/dd/yyyy in an en-US browser. The form keeps `YYYY-MM-DD`.
 * Forms load lazily: import this only from lazily loaded modules, never from the first route.
 */
import { useLingui } from '@lingui/react/macro'
import { type InputHTMLAttributes, useEffect, useRef, useState } from 'react'
import { formatDayInput, parseDayInput } from '#shared/format-date.ts'

export interface DateInputProps
  extends Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'type' | 'defaultValue'> {
  /** The day as `YYYY-MM-DD`, or '' for none. */
  value: string
  /**
   * The day typed, as `YYYY-MM-DD`; '' when the field is empty. What is not a day yet is passed as
   * typed, so a form's own check (or the server's) still sees it.
   */
  onChange: (value: string) => void
}

/**
 * A text field for a day: accepts 7/3/2024, 07.03.2024 or 07-03-2024, shows it back as 07/03/2024 on
 * leaving, and reports a text that is no day (31/02/2024) as invalid (the browser's validity too, so
 * a form that validates natively refuses it) once the user has left the field.
 */
export function DateInput({ value, onChange, onBlur, className, ...rest }: DateInputProps) {
  const { t } = useLingui()
  const input = useRef<HTMLInputElement>(null)
  const [text, setText] = useState(() => formatDayInput(value) || value)
  const [left, setLeft] = useState(false)
  // A value set from outside (a form reset, another record) replaces what is shown.
  useEffect(() => {
    setText((shown) =>
      parseDayInput(shown) === value || shown === value ? shown : formatDayInput(value) || value,
    )
  }, [value])
  const invalid = text.trim() !== '' && parseDayInput(text) === null
  const message = t`Enter a date as DD/MM/YYYY.`
  useEffect(() => {
    input.current?.setCustomValidity(invalid ? message : '')
  }, [invalid, message])
  return (
    <input
      {...rest}
      ref={input}
      type="text"
      inputMode="numeric"
      placeholder={rest.placeholder ?? t`DD/MM/YYYY`}
      maxLength={10}
      className={['date-input', className].filter(Boolean).join(' ')}
      value={text}
      aria-invalid={rest['aria-invalid'] ?? (invalid && left ? true : undefined)}
      title={invalid && left ? message : rest.title}
      onChange={(event) => {
        const typed = event.target.value
        setText(typed)
        onChange(typed.trim() === '' ? '' : (parseDayInput(typed) ?? typed))
      }}
      onBlur={(event) => {
        setLeft(true)
        const day = parseDayInput(text)
        if (day) setText(formatDayInput(day))
        onBlur?.(event)
      }}
    />
  )
}
