/**
 * The one form field of the app: a label, its control, and one message slot (the error, else the hint).
 * Forms load lazily: import this only from lazily loaded modules, never from the first route. The
 * file picker lives here too: one chunk for every form control, not one more for the first route to list.
 */
import { Trans } from '@lingui/react/macro'
import { type ChangeEvent, type ReactNode, useId, useState } from 'react'

/** What the field's one control (input, textarea or select) must carry: spread it onto the control. */
export interface FieldControl {
  id: string
  'aria-invalid': true | undefined
  'aria-describedby': string | undefined
}

export interface FieldProps {
  label: ReactNode
  /** Already in the user's words: the feature that owns an error key translates it. */
  error?: ReactNode
  hint?: ReactNode
  /** Shows the valid state (`is-valid`) when there is no error, e.g. once the user has changed the field. */
  valid?: boolean
  /** The control's id; generated when not given. */
  id?: string
  className?: string
  children: (control: FieldControl) => ReactNode
}

/**
 * A labelled control with its state class (`is-valid`/`is-invalid`). The error is announced
 * (role="alert") and, like the hint, linked to the control by aria-describedby.
 */
export function Field({ label, error, hint, valid = false, id, className, children }: FieldProps) {
  const generatedId = useId()
  const controlId = id ?? generatedId
  const messageId = `${controlId}-message`
  const invalid = error !== undefined && error !== null && error !== false && error !== ''
  const state = invalid ? 'is-invalid' : valid ? 'is-valid' : null
  const control: FieldControl = {
    id: controlId,
    'aria-invalid': invalid ? true : undefined,
    'aria-describedby': invalid || hint ? messageId : undefined,
  }
  return (
    <div className={['field', state, className].filter(Boolean).join(' ')}>
      <label htmlFor={controlId}>{label}</label>
      {children(control)}
      {invalid ? (
        <p id={messageId} className="field-error" role="alert">
          {error}
        </p>
      ) : hint ? (
        <p id={messageId} className="field-hint">
          {hint}
        </p>
      ) : null}
    </div>
  )
}

/**
 * A file input that speaks the user's language: the browser's own button says "Choose File" and
 * "No file chosen" in the browser's language, whatever the app's. The native input stays (keyboard,
 * screen readers, the file dialog), made invisible; a button-looking label in the user's words opens
 * it, and the chosen file's name shows beside it.
 */
export interface FilePickerProps {
  control: FieldControl
  accept: string
  disabled?: boolean
  /** The button's words ("Choose a picture"): a sentence in the user's language. */
  button: ReactNode
  onChange: (event: ChangeEvent<HTMLInputElement>) => void
}

export function FilePicker({ control, accept, disabled, button, onChange }: FilePickerProps) {
  const [name, setName] = useState<string | null>(null)
  return (
    <span className="file-picker">
      <input
        {...control}
        className="file-picker-input"
        type="file"
        accept={accept}
        disabled={disabled}
        onChange={(event) => {
          setName(event.target.files?.[0]?.name ?? null)
          onChange(event)
        }}
      />
      <label htmlFor={control.id} className="button button-ghost file-picker-button" aria-hidden="true">
        {button}
      </label>
      <span className="file-picker-name muted" data-testid="file-picker-name">
        {name ?? <Trans>No file chosen</Trans>}
      </span>
    </span>
  )
}
