import type { I18n } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { FieldPath, FieldValues, UseFormReturn } from 'react-hook-form'
import { validationMessage } from '#client/lib/validation-messages.ts'
import type { FormErrorTree } from '#shared/contract/errors.ts'

/** The keys only the admin catalogue's answers carry; every other key is a validation key. */
const adminKeys = {
  'provider.slug_taken': msg`This slug is already used by another provider.`,
  'mission.code_taken': msg`This code is already used by another mission.`,
}

/** What a refused save said: the first error key of each field (by dotted path), and any other message. */
export interface RefusedSave {
  fields: ReadonlyMap<string, string>
  message: string | null
}

export function refusedSave(error: unknown): RefusedSave {
  const body = (error as { errors?: unknown; data?: { errors?: unknown; message?: string } } | null) ?? null
  const tree = (body?.errors ?? body?.data?.errors) as FormErrorTree | undefined
  const fields = new Map<string, string>()
  const walk = (node: FormErrorTree | undefined, path: string) => {
    const key = node?.errors?.[0]
    if (key && path && !fields.has(path)) fields.set(path, key)
    for (const [name, child] of Object.entries(node?.children ?? {}))
      walk(child, path ? `${path}.${name}` : name)
  }
  walk(tree, '')
  const general = tree?.errors?.[0]
  return {
    fields,
    message: fields.size > 0 ? null : (general ?? body?.data?.message ?? null),
  }
}

/** A field's error key in the admin's words: the catalogue's own keys, else the validation keys. */
export function adminFieldMessage(i18n: I18n, key: string): string {
  const admin = adminKeys[key as keyof typeof adminKeys]
  return admin ? i18n._(admin) : validationMessage(i18n, key)
}

/**
 * A refused save on a react-hook-form form: each field the server named gets its error key (type
 * `server`; the form words it where it shows it, as it words its own check's keys), unless the
 * form's check already put one there. `field` says which form field a body path is (default: the
 * path's first part); what names no field comes back from `general`, for the line above the form.
 */
export function placeRefusal<T extends FieldValues>(
  form: UseFormReturn<T>,
  error: unknown,
  options: {
    general: () => string | null
    field?: (path: string) => FieldPath<T> | null
  },
): string | null {
  let placed = false
  for (const [path, key] of refusedSave(error).fields) {
    const field = options.field ? options.field(path) : (path.split('.')[0] as FieldPath<T>)
    if (!field || form.getFieldState(field).error) continue
    form.setError(field, { type: 'server', message: key })
    placed = true
  }
  return placed ? null : options.general()
}
