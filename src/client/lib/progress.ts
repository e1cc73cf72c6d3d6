/**
 * The request progress bar. Every request and every route load is a tracked task;
 * the bar appears only once a task has run for 200 ms, trickles while any task is running, and
 * completes when the last one ends. A failed task leaves the bar red until the next one starts.
 */

// 200 ms: shorter requests should not flash a bar.
export const progressThrottleMs = 200
// 5000 ms: a typical slow request; the bar creeps towards the end over about that long.
const progressDurationMs = 5000
// nprogress moves in roughly 20 trickle steps before it slows to a crawl near the end.
const trickleSteps = 20

const failedClass = 'progress-failed'

let running = 0
let failed = false
let visible = false
let throttle: ReturnType<typeof setTimeout> | null = null
type Bar = typeof import('nprogress')
let bar: Promise<Bar> | null = null

/**
 * nprogress is fetched the first time a bar is due, not with the first route: most page loads never
 * need it. Every start/done chains on the same promise, so they run in order.
 */
function loadBar(): Promise<Bar> {
  bar ??= import('nprogress').then(({ default: nprogress }) => {
    nprogress.configure({
      showSpinner: false,
      trickleSpeed: progressDurationMs / trickleSteps,
      // nprogress's own template puts role="bar" on the bar, which is no ARIA role (axe: aria-roles).
      template: '<div class="bar"><div class="peg"></div></div>',
      // nprogress finds its bar by this selector (default '[role="bar"]'): it must match the template.
      barSelector: '.bar',
    })
    return nprogress
  })
  return bar
}

function show(): void {
  throttle = null
  visible = true
  void loadBar().then((nprogress) => {
    document.documentElement.classList.remove(failedClass)
    nprogress.start()
  })
}

function finish(): void {
  if (throttle) clearTimeout(throttle)
  throttle = null
  if (visible) {
    const showFailure = failed
    void loadBar().then((nprogress) => {
      if (showFailure) document.documentElement.classList.add(failedClass)
      nprogress.done()
    })
  }
  visible = false
  failed = false
}

/** Starts tracking one task; call the returned function once when it ends. */
export function beginTask(): (outcome?: 'ok' | 'failed') => void {
  // A server render has no page to show a bar on.
  if (typeof document === 'undefined') return () => {}
  running += 1
  if (running === 1 && !visible && !throttle) throttle = setTimeout(show, progressThrottleMs)
  let ended = false
  return (outcome = 'ok') => {
    if (ended) return
    ended = true
    running -= 1
    if (outcome === 'failed') failed = true
    if (running === 0) finish()
  }
}

/** Tracks a promise: the bar fails when it rejects. */
export async function trackTask<T>(task: Promise<T>): Promise<T> {
  const end = beginTask()
  try {
    const result = await task
    end('ok')
    return result
  } catch (error) {
    end('failed')
    throw error
  }
}

export function isProgressVisible(): boolean {
  return visible
}
