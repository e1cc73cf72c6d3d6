/**
 * Checks every request's input passes before its schemas run: short path parameters, no NUL anywhere,
 * and no array where the endpoint's body expects an object (arktype takes `[]` for an object whose
 * fields are all optional, since an array is an object too).
 */
import { formError } from '#shared/contract/form-error-tree.ts'
import { formInvalid } from './api-error'

// A parameter is a short identifier in every route we have; anything longer is junk or an attack.
const MAX_PARAM_LENGTH = 200

export function checkParams(params: unknown): void {
  for (const [key, value] of Object.entries((params ?? {}) as Record<string, unknown>)) {
    if (typeof value !== 'string' || value.length === 0 || value.length > MAX_PARAM_LENGTH) {
      throw formInvalid({ children: { [key]: { errors: ['validation.invalid'] } } })
    }
  }
}

// Deep enough for any body we accept (JSON bodies are held to this depth by json-body.ts); deeper
// input is not walked (and fails its schema anyway).
const MAX_SCAN_DEPTH = 32

/** The path of the first string holding a NUL character, which PostgreSQL text cannot store. */
function nulPath(value: unknown, depth = 0): string[] | null {
  if (typeof value === 'string') return value.includes('\u0000') ? [] : null
  if (typeof value !== 'object' || value === null || depth > MAX_SCAN_DEPTH) return null
  for (const [key, inner] of Object.entries(value)) {
    if (key.includes('\u0000')) return [key]
    const found = nulPath(inner, depth + 1)
    if (found) return [key, ...found]
  }
  return null
}

/** A NUL anywhere in the input is refused up front: it would otherwise surface as a database 500. */
export function rejectNul(input: Record<string, unknown>): void {
  const path = nulPath(input)
  if (!path) return
  const [, field] = path
  throw formInvalid(
    field
      ? { children: { [field]: { errors: ['validation.invalid'] } } }
      : { errors: ['validation.invalid'] },
  )
}

/** Where a body schema takes arrays: at its top, anywhere, or nowhere. Worked out once per schema. */
const arrayPlaces = new WeakMap<object, { top: boolean; anywhere: boolean }>()

function arraysAccepted(schema: object): { top: boolean; anywhere: boolean } {
  let known = arrayPlaces.get(schema)
  if (!known) {
    // arktype describes an array node with `proto: "Array"`; a morph's input sits under `in`. A schema
    // that is not arktype's (no `json`) is taken to accept arrays: nothing is refused for it.
    const json = ('json' in schema ? schema.json : { proto: 'Array' }) as {
      proto?: unknown
      in?: { proto?: unknown }
    }
    known = {
      top: json.proto === 'Array' || json.in?.proto === 'Array',
      anywhere: JSON.stringify(json).includes('"proto":"Array"'),
    }
    arrayPlaces.set(schema, known)
  }
  return known
}

/** The dotted path of the first array in a parsed body, walked without recursion; null when none. */
function firstArrayPath(body: unknown): string | null {
  const pending: [unknown, string][] = [[body, '']]
  for (let next = pending.pop(); next; next = pending.pop()) {
    const [value, path] = next
    if (Array.isArray(value)) return path
    if (typeof value !== 'object' || value === null) continue
    for (const [key, inner] of Object.entries(value)) pending.push([inner, path ? `${path}.${key}` : key])
  }
  return null
}

/**
 * A body is refused (400, `validation.type` on the field) when it holds an array where its schema
 * takes none: today no body schema takes one, so `[]` for a form or `{"description": []}` never
 * reaches a handler as an empty object.
 */
export function rejectMisplacedArrays(schema: object, body: unknown): void {
  const accepted = arraysAccepted(schema)
  if (accepted.top) return
  if (Array.isArray(body)) throw formInvalid(formError('', 'validation.type'))
  if (accepted.anywhere) return
  const path = firstArrayPath(body)
  if (path !== null) throw formInvalid(formError(path, 'validation.type'))
}
