/** The brand mark: a play triangle inside a tag, the same drawing as the app icons. */
export function LogoMark({ size = 32 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden="true" focusable="false">
      <rect width="64" height="64" rx="14" fill="#6d28d9" />
      <path d="M14 18h22l14 14-14 14H14z" fill="#ede9fe" />
      <path d="M24 24v16l12-8z" fill="#6d28d9" />
    </svg>
  )
}
