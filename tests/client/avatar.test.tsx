import { render, screen } from '@testing-library/react'
import { expect, test } from 'vitest'
import { AVATAR_COLOURS, Avatar, avatarColour, initialsOf } from '#client/components/ui/avatar.tsx'

test('initials come from the first and last words of a name, accents kept', () => {
  expect(initialsOf('Ana María')).toBe('AM')
  expect(initialsOf('ana_maria')).toBe('AM')
  expect(initialsOf('AnaMaria')).toBe('AM')
  expect(initialsOf('José Luis Rodríguez Zapatero')).toBe('JZ')
  expect(initialsOf('élodie')).toBe('É')
  // A decomposed accent (e + combining acute) stays on its letter.
  expect(initialsOf('e\u0301milie durand')).toBe('ÉD')
  expect(initialsOf('Zoé')).toBe('Z')
  expect(initialsOf('  streamer42  ')).toBe('S')
  expect(initialsOf('')).toBe('?')
})

test('initials never split an emoji and prefer letters to symbols', () => {
  expect(initialsOf('🎮 Gamer Girl')).toBe('GG')
  expect(initialsOf('👩‍💻')).toBe('👩‍💻')
  expect(initialsOf('🇫🇷🇪🇸')).toBe('🇫🇷')
  for (const name of ['👩‍💻', '🇫🇷🇪🇸', '🎮 x']) {
    // No lone surrogate: the string survives a round trip through UTF-8.
    const initials = initialsOf(name)
    expect(new TextDecoder().decode(new TextEncoder().encode(initials))).toBe(initials)
  }
})

const luminance = (hex: string) => {
  const channels = [1, 3, 5].map((start) => Number.parseInt(hex.slice(start, start + 2), 16) / 255)
  const [r, g, b] = channels.map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4)) as [
    number,
    number,
    number,
  ]
  return 0.2126 * r + 0.7152 * g + 0.0722 * b
}

test('the colour is the same for the same id, varies across ids, and keeps white text readable', () => {
  const id = '62f94e1d-031a-4189-b1c6-1dcca87e8961'
  expect(avatarColour(id)).toBe(avatarColour(id))
  const ids = Array.from(
    { length: 60 },
    (_, index) => `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
  )
  expect(new Set(ids.map(avatarColour)).size).toBeGreaterThanOrEqual(8)
  for (const colour of AVATAR_COLOURS) {
    const contrast = 1.05 / (luminance(colour) + 0.05)
    expect(contrast, colour).toBeGreaterThanOrEqual(4.5)
  }
})

test('without a picture the avatar shows the initials on the id colour, named for assistive technology', () => {
  render(<Avatar id="user-1" name="Ana María" size={40} label="Ana María" />)
  const avatar = screen.getByRole('img', { name: 'Ana María' })
  expect(avatar.textContent).toBe('AM')
  expect(avatar.style.background).not.toBe('')
  expect(avatar.style.width).toBe('40px')
})

test('with a picture the avatar is the uploaded image; without a label it is decorative', () => {
  const { container } = render(
    <Avatar id="user-1" name="Ana" size={32} media={{ path: 'avatars/', reference: 'a.webp' }} />,
  )
  const image = container.querySelector('img')
  expect(image?.getAttribute('src')).toMatch(/\/uploads\/avatars\/a\.webp$/)
  expect(image?.getAttribute('alt')).toBe('')
  expect(screen.queryByTestId('avatar-initials')).toBeNull()
  render(<Avatar id="user-2" name="Bo" size={32} />)
  expect(screen.getByTestId('avatar-initials').getAttribute('aria-hidden')).toBe('true')
})
