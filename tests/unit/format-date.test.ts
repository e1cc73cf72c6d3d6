import { expect, test } from 'vitest'
import { formatDayInput, formatLocalDateTime, parseDayInput } from '#shared/format-date.ts'

test('a moment the viewer lived through reads DD/MM/YYYY HH:mm in their own time zone', () => {
  const moment = new Date(2026, 10, 23, 11, 7)
  expect(formatLocalDateTime(moment)).toBe('23/11/2026 11:07')
  expect(formatLocalDateTime(moment.getTime())).toBe('23/11/2026 11:07')
  expect(formatLocalDateTime(null)).toBe('')
  expect(formatLocalDateTime('not a date')).toBe('')
})

test('a typed day is read as DD/MM/YYYY, never as the American month first', () => {
  expect(parseDayInput('07/03/2024')).toBe('2024-03-07')
  expect(parseDayInput('7/3/2024')).toBe('2024-03-07')
  expect(parseDayInput(' 07.03.2024 ')).toBe('2024-03-07')
  expect(parseDayInput('29/02/2024')).toBe('2024-02-29')
  // Days that do not exist, and other shapes, are refused.
  expect(parseDayInput('31/02/2024')).toBeNull()
  expect(parseDayInput('29/02/2023')).toBeNull()
  expect(parseDayInput('13/13/2024')).toBeNull()
  expect(parseDayInput('2024-03-07')).toBeNull()
  expect(parseDayInput('')).toBeNull()
})

test('a stored day shows back as DD/MM/YYYY', () => {
  expect(formatDayInput('2024-03-07')).toBe('07/03/2024')
  expect(formatDayInput('')).toBe('')
  expect(formatDayInput(null)).toBe('')
})
