import { type } from 'arktype'
import { expect, test } from 'vitest'
import { AdjustmentBody, KycReviewBody, MissionBody } from '#shared/contract/admin.ts'
import { LoginResponse, SigninBody, SignupBody, UserUpdateBody } from '#shared/contract/auth.ts'
import { Money, PageQuery } from '#shared/contract/common.ts'
import { ContactBody, NewsletterTokenBody } from '#shared/contract/content.ts'
import { DealStatesQuery, MissionsQuery } from '#shared/contract/deals.ts'
import type { FormErrorTree } from '#shared/contract/errors.ts'
import { formError, formErrorsFromArk, mergeFormErrors } from '#shared/contract/form-error-tree.ts'
import { BankAccountBody, PayoutBody, WalletBody } from '#shared/contract/wallet.ts'

const signup = { username: 'alice_01', email: 'alice@example.com', plainPassword: 'Secret123' }

/** Validates and returns the error tree, failing the test when the input was accepted. */
function errorsOf(schema: (input: unknown) => unknown, input: unknown): FormErrorTree {
  const result = schema(input)
  if (!(result instanceof type.errors)) throw new Error(`accepted: ${JSON.stringify(result)}`)
  return formErrorsFromArk(result)
}

test('a good signup is accepted', () => {
  expect(SignupBody({ ...signup, sponsor: 'CREATOR1', captcha: 'tok' })).toEqual({
    ...signup,
    sponsor: 'CREATOR1',
    captcha: 'tok',
  })
  expect(SignupBody({ ...signup, sponsor: '' })).not.toBeInstanceOf(type.errors)
})

test('a bad e-mail becomes validation.email on the email field', () => {
  expect(errorsOf(SignupBody, { ...signup, email: 'nope' })).toEqual({
    children: { email: { errors: ['validation.email'] } },
  })
})

test('missing signup fields are each required', () => {
  expect(errorsOf(SignupBody, {})).toEqual({
    children: {
      username: { errors: ['validation.required'] },
      email: { errors: ['validation.required'] },
      plainPassword: { errors: ['validation.required'] },
    },
  })
})

test('a weak password gets one validation.password message', () => {
  expect(errorsOf(SignupBody, { ...signup, plainPassword: 'secret' })).toEqual({
    children: { plainPassword: { errors: ['validation.password'] } },
  })
  expect(errorsOf(SignupBody, { ...signup, plainPassword: 'Secretttt' })).toEqual({
    children: { plainPassword: { errors: ['validation.password'] } },
  })
})

test('a password over the maximum length gets validation.max', () => {
  expect(errorsOf(SignupBody, { ...signup, plainPassword: `Aa1${'x'.repeat(1022)}` })).toEqual({
    children: { plainPassword: { errors: ['validation.max'] } },
  })
})

test('a bad username gets validation.username', () => {
  expect(errorsOf(SignupBody, { ...signup, username: 'a b' }).children?.username?.errors).toEqual([
    'validation.username',
  ])
})

test('signup refuses extra keys such as roles', () => {
  expect(errorsOf(SignupBody, { ...signup, roles: ['admin'] })).toEqual({
    children: { roles: { errors: ['validation.unknown'] } },
  })
  expect(SignupBody({ ...signup, id: 'x' })).toBeInstanceOf(type.errors)
})

test('user update refuses roles, kind and ids', () => {
  for (const extra of [{ roles: ['admin'] }, { kind: 'provider' }, { id: 'u1' }, { emailVerified: true }]) {
    expect(UserUpdateBody({ locale: 'fr', ...extra })).toBeInstanceOf(type.errors)
  }
})

test('user update accepts a locale or phone change alone', () => {
  expect(UserUpdateBody({ locale: 'es' })).toEqual({ locale: 'es' })
  expect(UserUpdateBody({ phone: '+33 6 12 34 56 78' })).toEqual({ phone: '+33 6 12 34 56 78' })
  expect(UserUpdateBody({ phone: null })).toEqual({ phone: null })
})

test('changing the password or e-mail needs the current password', () => {
  expect(errorsOf(UserUpdateBody, { plainPassword: 'NewSecret1' })).toEqual({
    children: { currentPassword: { errors: ['validation.required'] } },
  })
  expect(UserUpdateBody({ plainPassword: 'NewSecret1', currentPassword: 'old' })).not.toBeInstanceOf(
    type.errors,
  )
  expect(UserUpdateBody({ email: 'new@example.com' })).toBeInstanceOf(type.errors)
})

test('signin only requires the fields to be present', () => {
  expect(SigninBody({ username: 'alice', plainPassword: 'old' })).toEqual({
    username: 'alice',
    plainPassword: 'old',
  })
  expect(errorsOf(SigninBody, { username: '', plainPassword: 'x' })).toEqual({
    children: { username: { errors: ['validation.required'] } },
  })
})

test('a payout must be a positive integer of cents', () => {
  expect(PayoutBody({ amount: 1500 })).toEqual({ amount: 1500 })
  expect(errorsOf(PayoutBody, { amount: -100 })).toEqual({
    children: { amount: { errors: ['validation.min'] } },
  })
  expect(errorsOf(PayoutBody, { amount: 0 })).toEqual({
    children: { amount: { errors: ['validation.min'] } },
  })
  expect(errorsOf(PayoutBody, { amount: 10.5 })).toEqual({
    children: { amount: { errors: ['validation.integer'] } },
  })
  expect(errorsOf(PayoutBody, { amount: '1500' })).toEqual({
    children: { amount: { errors: ['validation.type'] } },
  })
  expect(PayoutBody({ amount: 1500, bankAccountId: 'not-a-uuid' })).toBeInstanceOf(type.errors)
})

test('a payout far beyond any real amount is refused', () => {
  expect(PayoutBody({ amount: Number.MAX_SAFE_INTEGER })).toBeInstanceOf(type.errors)
  expect(PayoutBody({ amount: Number.POSITIVE_INFINITY })).toBeInstanceOf(type.errors)
})

test('a bank account needs a valid IBAN and gets it compacted', () => {
  expect(BankAccountBody({ holderName: 'Alice Martin', iban: 'fr76 3000 6000 0112 3456 7890 189' })).toEqual({
    holderName: 'Alice Martin',
    iban: 'FR7630006000011234567890189',
  })
  expect(errorsOf(BankAccountBody, { holderName: 'A', iban: 'FR7630006000011234567890188' })).toEqual({
    children: { iban: { errors: ['validation.iban_checksum'] } },
  })
  expect(errorsOf(BankAccountBody, { holderName: 'A', iban: 12345 })).toEqual({
    children: { iban: { errors: ['validation.type'] } },
  })
})

const person = {
  firstName: 'Alice',
  lastName: 'Martin',
  birthDate: '1990-05-17',
  address: { line1: '1 rue de la Paix', city: 'Paris', postalCode: '75002', country: 'FR' },
}

test('a person wallet body is accepted', () => {
  expect(WalletBody({ kind: 'person', person })).toEqual({ kind: 'person', person })
})

test('a business wallet needs its business details', () => {
  expect(errorsOf(WalletBody, { kind: 'business', person })).toEqual({
    children: { business: { errors: ['validation.required'] } },
  })
  const business = { name: 'Alice SAS', registrationNumber: '123 456 789', address: person.address }
  expect(WalletBody({ kind: 'business', person, business })).not.toBeInstanceOf(type.errors)
})

test('wallet errors are nested by path', () => {
  const bad = {
    ...person,
    birthDate: '2023-02-30',
    address: { ...person.address, country: 'France', city: '' },
  }
  expect(errorsOf(WalletBody, { kind: 'person', person: bad })).toEqual({
    children: {
      person: {
        children: {
          birthDate: { errors: ['validation.date'] },
          address: {
            children: {
              city: { errors: ['validation.required'] },
              country: { errors: ['validation.regex'] },
            },
          },
        },
      },
    },
  })
})

test('a wallet kind outside the list is a bad choice', () => {
  expect(errorsOf(WalletBody, { kind: 'robot', person }).children?.kind?.errors).toEqual([
    'validation.choice',
  ])
})

test('a KYC rejection needs a reason, a verification does not', () => {
  expect(KycReviewBody({ status: 'verified' })).toEqual({ status: 'verified' })
  expect(KycReviewBody({ status: 'rejected', reason: 'Blurry scan' })).not.toBeInstanceOf(type.errors)
  expect(errorsOf(KycReviewBody, { status: 'rejected', reason: '  ' })).toEqual({
    children: { reason: { errors: ['validation.required'] } },
  })
})

test('an adjustment is a non-zero integer with a reason', () => {
  expect(AdjustmentBody({ amount: -250, reason: 'Refund of a duplicate click' })).not.toBeInstanceOf(
    type.errors,
  )
  expect(AdjustmentBody({ amount: 0, reason: 'x' })).toBeInstanceOf(type.errors)
  expect(AdjustmentBody({ amount: 2.5, reason: 'x' })).toBeInstanceOf(type.errors)
  expect(errorsOf(AdjustmentBody, { amount: 100 })).toEqual({
    children: { reason: { errors: ['validation.required'] } },
  })
})

test('a mission body needs English texts and valid counts', () => {
  const mission = {
    providerId: 'p1',
    title: { en: 'Play 1 hour', fr: 'Jouez 1 heure' },
    description: { en: 'Stream the game' },
    tools: { type: 'MIXTE', parameters: { URL: 'https://x.example/%username%' } },
    reward: { model: 'cpc', amount: 25 },
    goal: 100,
    spots: 10,
    startsAt: '2025-01-01T00:00:00Z',
    status: 'published',
  }
  expect(MissionBody(mission)).not.toBeInstanceOf(type.errors)
  const errors = errorsOf(MissionBody, { ...mission, title: { fr: 'Jouez' }, goal: 0 })
  expect(errors.children?.title?.children?.en?.errors).toEqual(['validation.required'])
  expect(errors.children?.goal?.errors).toEqual(['validation.min'])
  expect(MissionBody({ ...mission, title: { en: 'x', de: 'y' } })).toBeInstanceOf(type.errors)
})

test('contact and newsletter bodies are strict', () => {
  const contact = { name: 'Bob', email: 'bob@example.com', subject: 'Hi', message: 'Hello' }
  expect(ContactBody(contact)).toEqual(contact)
  expect(ContactBody({ ...contact, message: 'x'.repeat(5001) })).toBeInstanceOf(type.errors)
  expect(NewsletterTokenBody({ action: 'confirm' })).toEqual({ action: 'confirm' })
  expect(NewsletterTokenBody({ action: 'delete' })).toBeInstanceOf(type.errors)
})

test('one or several state query values become a list', () => {
  expect(DealStatesQuery({ state: 'finished' })).toEqual({ state: ['finished'] })
  expect(DealStatesQuery({ state: ['inprogress', 'stopped'] })).toEqual({ state: ['inprogress', 'stopped'] })
  expect(DealStatesQuery({})).toEqual({})
  expect(DealStatesQuery({ state: ['inprogress', 'bogus'] })).toBeInstanceOf(type.errors)
})

test('query strings are parsed, and unknown query keys are dropped', () => {
  expect(MissionsQuery({ exclude_current_user: 'true', page: '2' })).toEqual({ exclude_current_user: true })
  expect(MissionsQuery({ exclude_current_user: '0' })).toEqual({ exclude_current_user: false })
  expect(PageQuery({ limit: '20', cursor: 'abc' })).toEqual({ limit: 20, cursor: 'abc' })
  expect(PageQuery({ limit: '1000' })).toBeInstanceOf(type.errors)
})

test('entities validate what the server sends', () => {
  expect(Money({ amount: -120, currency: 'EUR' })).toEqual({ amount: -120, currency: 'EUR' })
  expect(Money({ amount: 1.5, currency: 'EUR' })).toBeInstanceOf(type.errors)
  const user = {
    id: '9b2f6f7e-3c1a-4d7e-9f5b-2a1c3d4e5f60',
    username: 'alice',
    email: 'alice@example.com',
    kind: 'streamer',
    roles: ['user'],
    locale: 'fr',
    avatar: null,
    phone: null,
    creatorCode: 'ALICE',
    sponsor: null,
    emailVerified: false,
    createdAt: '2024-01-01T00:00:00.000Z',
  }
  expect(LoginResponse({ code: 'token', user })).not.toBeInstanceOf(type.errors)
  expect(LoginResponse({ code: 'token', user: { ...user, roles: ['root'] } })).toBeInstanceOf(type.errors)
})

test('formError builds a one-field tree, dotted paths nest', () => {
  expect(formError('username', 'username.taken')).toEqual({
    children: { username: { errors: ['username.taken'] } },
  })
  expect(formError('person.address.city', 'validation.required')).toEqual({
    children: {
      person: { children: { address: { children: { city: { errors: ['validation.required'] } } } } },
    },
  })
  expect(formError('', 'registration_error')).toEqual({ errors: ['registration_error'] })
})

test('mergeFormErrors combines trees without repeating a message', () => {
  expect(
    mergeFormErrors(
      formError('email', 'validation.email'),
      formError('username', 'username.taken'),
      formError('email', 'validation.email'),
    ),
  ).toEqual({
    children: { email: { errors: ['validation.email'] }, username: { errors: ['username.taken'] } },
  })
})
