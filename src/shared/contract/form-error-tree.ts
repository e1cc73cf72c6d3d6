/**
 * Building the nested form-error tree: one field's error, merged trees, and arktype's
 * errors turned into the tree. Imports arktype for types only; the server and the lazily loaded form
 * code use it, the first route does not.
 */
import type { ArkError, ArkErrors } from 'arktype'
import { type FormErrorTree, VALIDATION_RULES, type ValidationRule, validationKey } from './errors.ts'

declare global {
  // Lets a schema tag its constraints with the rule whose message they should show.
  interface ArkEnv {
    // JSON Schema keywords a custom check publishes in the OpenAPI document (arktype copies meta there).
    meta(): { rule?: string; minLength?: number; maxLength?: number; allOf?: { pattern: string }[] }
  }
}

function addAt(tree: FormErrorTree, path: readonly PropertyKey[], key: string): void {
  let node = tree
  for (const segment of path) {
    node.children ??= {}
    const name = String(segment)
    node.children[name] ??= {}
    node = node.children[name]
  }
  node.errors ??= []
  if (!node.errors.includes(key)) node.errors.push(key)
}

/** One error on one field (a dotted path reaches nested fields; '' is the form itself). */
export function formError(field: string, key: string): FormErrorTree {
  const tree: FormErrorTree = {}
  addAt(tree, field === '' ? [] : field.split('.'), key)
  return tree
}

/** Merges trees, e.g. a schema's errors and a `username.taken` found in the database. */
export function mergeFormErrors(...trees: FormErrorTree[]): FormErrorTree {
  const merged: FormErrorTree = {}
  const visit = (tree: FormErrorTree, path: string[]): void => {
    for (const key of tree.errors ?? []) addAt(merged, path, key)
    for (const [name, child] of Object.entries(tree.children ?? {})) visit(child, [...path, name])
  }
  for (const tree of trees) visit(tree, [])
  return merged
}

function innerErrors(error: ArkError): ArkError[] {
  return 'errors' in error && Array.isArray(error.errors) ? (error.errors as ArkError[]) : []
}

function ruleOf(error: ArkError): ValidationRule {
  const tagged = error.meta?.rule
  if (tagged && (VALIDATION_RULES as readonly string[]).includes(tagged)) return tagged as ValidationRule
  switch (error.code) {
    case 'required':
      return 'required'
    case 'pattern':
      return error.meta?.description === 'an email address' ? 'email' : 'regex'
    case 'predicate':
      if (error.expected === 'removed') return 'unknown'
      return error.meta?.description === 'a URL string' ? 'url' : 'invalid'
    case 'minLength':
    case 'min':
    case 'after':
      return 'min'
    case 'maxLength':
    case 'max':
    case 'before':
      return 'max'
    case 'divisor':
      return 'integer'
    case 'unit':
      return 'choice'
    case 'union':
      // A value outside a list of literals ('person' | 'business') is a bad choice.
      return innerErrors(error).every((inner) => inner.code === 'unit') ? 'choice' : 'invalid'
    case 'domain':
    case 'proto':
      return 'type'
    default:
      return 'invalid'
  }
}

/** An intersection error bundles several failures of one value; each becomes its own message. */
function flatten(error: ArkError): ArkError[] {
  return error.code === 'intersection' ? innerErrors(error).flatMap(flatten) : [error]
}

/** Turns arktype's errors into the nested FormErrorTree, keyed by the failing path. */
export function formErrorsFromArk(errors: ArkErrors): FormErrorTree {
  const tree: FormErrorTree = {}
  for (const error of errors) {
    for (const leaf of flatten(error)) addAt(tree, leaf.path, validationKey(ruleOf(leaf)))
  }
  return tree
}
