/**
 * The e-mail rule against a well-known validator's published cases, then the cases that were mailed
 * although wrong (doubled or leading dots) and the international domains that were refused.
 */
import { expect, test } from 'vitest'
import { isValidEmail } from '#shared/email-rule.ts'

// Copied from the `validator` npm package 13.15.35, test/validators.test.js, isEmail with its default
// options ("should validate email addresses" and "should reject emails containing unpaired UTF-16
// surrogates"). Unicode spaces and look-alike letters are written as escapes, as they are in the source.
const validatorValid = [
  'foo@bar.com',
  'x@x.au',
  'foo@bar.com.au',
  'foo+bar@bar.com',
  'hans.m\u7aefller@test.com',
  'hans@m\u7aefller.com',
  'test|123@m\u7aefller.com',
  'test123+ext@gmail.com',
  'some.name.midd.leNa.me.and.locality+extension@GoogleMail.com',
  '"foobar"@example.com',
  '"  foo  m\u7aefller "@example.com',
  '"foo\\@bar"@example.com',
  `${'a'.repeat(64)}@${'a'.repeat(63)}.com`,
  `${'a'.repeat(64)}@${'a'.repeat(63)}.com`,
  `${'a'.repeat(31)}@gmail.com`,
  'test@gmail.com',
  'test.1@gmail.com',
  'test@1337.com',
]

const validatorInvalid = [
  'invalidemail@',
  'invalid.com',
  '@invalid.com',
  'foo@bar.com.',
  'foo@_bar.com',
  'somename@\uff47\uff4d\uff41\uff49\uff4c.com',
  'foo@bar.co.uk.',
  'z@co.c',
  '\uff47\uff4d\uff41\uff49\uff4c\uff47\uff4d\uff41\uff49\uff4c\uff47\uff4d\uff41\uff49\uff4c\uff47\uff4d\uff41\uff49\uff4c\uff47\uff4d\uff41\uff49\uff4c@gmail.com',
  `${'a'.repeat(64)}@${'a'.repeat(251)}.com`,
  `${'a'.repeat(65)}@${'a'.repeat(250)}.com`,
  `${'a'.repeat(64)}@${'a'.repeat(64)}.com`,
  `${'a'.repeat(64)}@${'a'.repeat(63)}.${'a'.repeat(63)}.${'a'.repeat(63)}.${'a'.repeat(58)}.com`,
  'test1@invalid.co\u2006m',
  'test2@invalid.co\u2002m',
  'test3@invalid.co\u2004m',
  'test4@invalid.co\u2005m',
  'test5@invalid.co\u2006m',
  'test6@invalid.co\u2007m',
  'test7@invalid.co\u2008m',
  'test8@invalid.co\u2009m',
  'test9@invalid.co\u200am',
  'test10@invalid.co\u202fm',
  'test11@invalid.co\u205fm',
  'test12@invalid.co\u3000m',
  'test13@invalid.co\u3000m',
  'multiple..dots@stillinvalid.com',
  'test123+invalid! sub_address@gmail.com',
  'gmail...ignores...dots...@gmail.com',
  'ends.with.dot.@gmail.com',
  'multiple..dots@gmail.com',
  'wrong()[]",:;<>@@gmail.com',
  '"wrong()[]",:;<>@@gmail.com',
  'username@domain.com\ufffd',
  'username@domain.com\xa9',
  'nbsp\xa0test@test.com',
  'nbsp_test@te\xa0st.com',
  'nbsp_test@test.co\xa0m',
  '"foobar@gmail.com',
  '"foo"bar@gmail.com',
  'foo"bar"@gmail.com',
  '\uD800@example.com',
  '\uDC00@example.com',
]

/**
 * Where this rule and validator part: quoted local parts. They are legal, but hardly anyone has one,
 * many providers refuse them, and their spaces and `@` trip the tools that read addresses later.
 */
const quotedLocalParts = [
  '"foobar"@example.com',
  '"  foo  m\u7aefller "@example.com',
  '"foo\\@bar"@example.com',
]

test('the rule agrees with 58 of the 61 published cases: all but the three quoted local parts', () => {
  const agreeingValid = validatorValid.filter(isValidEmail)
  const agreeingInvalid = validatorInvalid.filter((address) => !isValidEmail(address))
  expect(validatorValid.filter((address) => !isValidEmail(address))).toEqual(quotedLocalParts)
  expect(agreeingInvalid).toEqual(validatorInvalid)
  expect(agreeingValid.length + agreeingInvalid.length).toBe(58)
  expect(validatorValid.length + validatorInvalid.length).toBe(61)
})

test.each([
  'multiple..dots@gmail.com',
  '.lead@example.com',
  'trail.@example.com',
  'a@b..com',
  'a@.b.com',
  'a@b.com.',
  'a@-b.com',
  'a@b-.com',
  'a@localhost',
  'a@b.c0m',
  'a@1.2.3.4',
  'a b@example.com',
  'a@b@example.com',
  'a\n@example.com',
  'bcc\r\n@example.com',
  'user@example.com\n',
  '',
])('%j is refused', (address) => {
  expect(isValidEmail(address)).toBe(false)
})

test.each([
  'user@bücher.de',
  'user@xn--bcher-kva.de',
  'пользователь@пример.рф',
  'user@xn--e1afmkfd.xn--p1ai',
  'josé.garcía@correo.es',
  "o'brien+deals@mail.example.ie",
  'User.Name@Example.COM',
])('the international or unusual but real address %s is accepted', (address) => {
  expect(isValidEmail(address)).toBe(true)
})

test('a local part takes at most 64 bytes and the whole address 254', () => {
  expect(isValidEmail(`${'a'.repeat(64)}@example.com`)).toBe(true)
  expect(isValidEmail(`${'a'.repeat(65)}@example.com`)).toBe(false)
  // 32 two-byte letters are 64 bytes; 33 are too many.
  expect(isValidEmail(`${'é'.repeat(32)}@example.com`)).toBe(true)
  expect(isValidEmail(`${'é'.repeat(33)}@example.com`)).toBe(false)
  const domain = `${'d'.repeat(63)}.${'e'.repeat(63)}.${'f'.repeat(57)}.com`
  const longest = `${'a'.repeat(64)}@${domain}`
  expect(longest.length).toBe(254)
  expect(isValidEmail(longest)).toBe(true)
  expect(isValidEmail(`${'a'.repeat(64)}@g${domain}`)).toBe(false)
})
