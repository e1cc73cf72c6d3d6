/**
 * After a mission is taken, the Tools page opens with the tracked link focused: the take
 * asks for it just before navigating, and the Tools page takes the request once, when it shows. A tab
 * switch to Tools asks nothing, so keyboard focus stays on the tabs.
 */
let requested = false

export function requestTrackedLinkFocus(): void {
  requested = true
}

/** True once after a request: the caller focuses the link. */
export function takeTrackedLinkFocus(): boolean {
  const was = requested
  requested = false
  return was
}
