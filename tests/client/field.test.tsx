import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { type Resolver, type ResolverResult, useForm } from 'react-hook-form'
import { expect, test } from 'vitest'
import { Field } from '#client/components/ui/field.tsx'
import { fieldStates } from '#client/lib/forms/field-states.ts'

function EmailField(props: { error?: string; hint?: string; valid?: boolean }) {
  return (
    <Field label="E-mail" {...props}>
      {(control) => <input {...control} type="email" />}
    </Field>
  )
}

test('the label names its control', () => {
  render(<EmailField />)
  const input = screen.getByLabelText('E-mail')
  expect(input.tagName).toBe('INPUT')
  expect(document.querySelector('label')?.htmlFor).toBe(input.id)
  expect(input.getAttribute('aria-invalid')).toBeNull()
  expect(input.getAttribute('aria-describedby')).toBeNull()
})

test('an error is announced and linked to its control, which reads as invalid', () => {
  render(<EmailField error="Enter a valid e-mail address." hint="We never share it." valid />)
  const input = screen.getByLabelText('E-mail')
  const alert = screen.getByRole('alert')
  expect(alert.textContent).toBe('Enter a valid e-mail address.')
  expect(alert.className).toBe('field-error')
  expect(input.getAttribute('aria-invalid')).toBe('true')
  expect(input.getAttribute('aria-describedby')).toBe(alert.id)
  // One message slot: the error takes the hint's place.
  expect(screen.queryByText('We never share it.')).toBeNull()
  expect(input.closest('.field')?.className).toBe('field is-invalid')
})

test('a hint is linked to its control without being announced as an error', () => {
  render(<EmailField hint="We never share it." />)
  const input = screen.getByLabelText('E-mail')
  const hint = screen.getByText('We never share it.')
  expect(hint.className).toBe('field-hint')
  expect(input.getAttribute('aria-describedby')).toBe(hint.id)
  expect(screen.queryByRole('alert')).toBeNull()
})

test('the field shows its valid state only when told and without error', () => {
  const { rerender } = render(<EmailField />)
  const field = () => screen.getByLabelText('E-mail').closest('.field')?.className
  expect(field()).toBe('field')
  rerender(<EmailField valid />)
  expect(field()).toBe('field is-valid')
  rerender(<EmailField valid error="" />)
  expect(field()).toBe('field is-valid')
})

interface EmailValues {
  email: string
}

// The key a real resolver (lib/forms) gives, without loading arktype.
const emailResolver: Resolver<EmailValues> = async (values): Promise<ResolverResult<EmailValues>> =>
  values.email.includes('@')
    ? { values, errors: {} }
    : { values: {}, errors: { email: { type: 'email', message: 'validation.email' } } }

function NewsletterLikeForm() {
  const form = useForm<EmailValues>({
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: { email: '' },
    resolver: emailResolver,
  })
  const field = fieldStates(form, (key) => `translated ${key}`)
  return (
    <form noValidate onSubmit={form.handleSubmit(() => undefined)}>
      <Field label="E-mail" {...field('email')}>
        {(control) => <input {...control} {...form.register('email')} />}
      </Field>
      <button type="submit">Send</button>
    </form>
  )
}

test('bound to a form, the field shows the error key in the words of the given translation, then valid', async () => {
  const user = userEvent.setup()
  render(<NewsletterLikeForm />)
  const input = screen.getByLabelText('E-mail')
  await user.type(input, 'ada')
  // Passive validation: nothing before the first submit.
  expect(screen.queryByRole('alert')).toBeNull()
  await user.click(screen.getByRole('button', { name: 'Send' }))
  expect((await screen.findByRole('alert')).textContent).toBe('translated validation.email')
  expect(input.closest('.field')?.className).toBe('field is-invalid')
  await user.type(input, '@example.test')
  expect(screen.queryByRole('alert')).toBeNull()
  expect(input.closest('.field')?.className).toBe('field is-valid')
})
