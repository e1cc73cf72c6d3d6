type Scheduler = { yield?: () => Promise<void> }

/**
 * Ends the current task and resumes in a new one, so the browser can handle input and paint in
 * between: start-up work split this way runs as short tasks instead of one long one (each long task
 * delays a tap on a mid-range phone). `scheduler.yield` resumes ahead of other queued tasks; where it
 * is missing, a message resumes without the 4 ms clamp nested timers get.
 */
export function yieldToMain(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: Scheduler }).scheduler
  if (typeof scheduler?.yield === 'function') return scheduler.yield()
  return new Promise((resolve) => {
    const channel = new MessageChannel()
    channel.port1.onmessage = () => resolve()
    channel.port2.postMessage(null)
  })
}
