/**
 * Brings a form's first field in error into view below the sticky header (scroll-margin-top), and
 * focuses it: after a refused submit, the user sees what to fix without hunting for it.
 */
export function showFirstError(form: HTMLFormElement | null) {
  requestAnimationFrame(() => {
    const first = form?.querySelector<HTMLElement>('[aria-invalid="true"]')
    if (!first) return
    // The whole field (its label, or a group's legend) comes into view, not just the control.
    const field = first.closest<HTMLElement>('fieldset') ?? first.closest<HTMLElement>('.field') ?? first
    field.scrollIntoView({ block: 'start', behavior: 'smooth' })
    first.focus({ preventScroll: true })
  })
}
