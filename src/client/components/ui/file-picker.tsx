/**
 * A file input that speaks the user's language: the browser's own button says "Choose File" and
 * "No file chosen" in the browser's language, whatever the app's. The native input stays (keyboard,
 * screen readers, the file dialog), made invisible; a button-looking label in the user's words opens
 * it, and the chosen file's name shows beside it.
 */
import { Trans } from '@lingui/react/macro'
import { type ChangeEvent, type ReactNode, useState } from 'react'
import type { FieldControl } from './field'
import './file-picker.css'

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
