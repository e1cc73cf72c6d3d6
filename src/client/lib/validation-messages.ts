import type { I18n, MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'

/**
 * The messages behind the server's and the forms' error keys: `validation.<rule>` for
 * every rule of VALIDATION_RULES, plus the few domain keys the API sends. One table, looked up by key.
 */
const messages: Record<string, MessageDescriptor> = {
  'validation.required': msg`This field is required.`,
  'validation.email': msg`Enter a valid e-mail address.`,
  'validation.min': msg`This value is too short or too small.`,
  'validation.max': msg`This value is too long or too large.`,
  'validation.password': msg`Use at least 8 characters with an upper-case letter, a lower-case letter and a digit.`,
  'validation.url': msg`Enter a valid web address.`,
  'validation.regex': msg`This value does not have the expected format.`,
  'validation.username': msg`Use 3 to 32 letters, digits, dots, dashes or underscores.`,
  'validation.iban': msg`Enter a valid IBAN.`,
  'validation.integer': msg`Enter a whole number.`,
  'validation.date': msg`Enter a valid date.`,
  'validation.choice': msg`Choose one of the proposed values.`,
  'validation.type': msg`This value has the wrong type.`,
  'validation.unknown': msg`This field is not expected.`,
  'validation.invalid': msg`This value is not valid.`,
  'validation.image': msg`The file must be an image.`,
  'validation.size': msg`The file is too large.`,
  'validation.ext': msg`This file type is not accepted.`,
  'validation.confirmed': msg`The two values do not match.`,
  'image.too_large': msg`This image has too many pixels. Send a smaller picture (a phone photo fits).`,
  'amount.invalid': msg`Enter an amount in euros, like 25 or 25.50.`,
  'amount.ambiguous': msg`This amount can be read two ways: write thousands without a separator (1200) and cents with two digits (1,20).`,
  'amount.precision': msg`Amounts go down to the cent: at most two digits after the comma or the dot.`,
  'amount.too_large': msg`This amount is too large.`,
  'captcha.invalid': msg`The anti-robot check failed. Please try again.`,
  'code.taken': msg`This code is already used.`,
  'username.taken': msg`This username is already taken.`,
  'email.taken': msg`This e-mail address is already used.`,
}

/** The message for an error key; an unknown key gets the generic "not valid" message. */
export function validationMessage(i18n: I18n, key: string): string {
  return i18n._(messages[key] ?? messages['validation.invalid'] ?? msg`This value is not valid.`)
}
