/**
 * The features' registrations (socket handlers, offline changes, cached roots, signed-in watchers)
 * are signed-in needs: they load with the first of them, not with the public pages' first route
 * (the first-route budget), the way the persister does. The composition root (main.tsx) says how to load
 * them; infrastructure awaits `featuresReady()` before it reads its registries.
 */
import { whenFirstScreenPainted } from './first-paint'

let load: (() => Promise<unknown>) | null = null
let ready: Promise<void> | null = null

export function loadFeaturesWith(loader: () => Promise<unknown>): void {
  load = loader
  ready = null
}

/** Resolves once every feature has registered (at once when nothing is to load, as in tests). */
export function featuresReady(): Promise<void> {
  ready ??= (load?.() ?? Promise.resolve()).then(
    () => undefined,
    (error: unknown) => {
      // A chunk that failed to load (offline, a deploy meanwhile) is asked for again next time.
      ready = null
      throw error
    },
  )
  return ready
}

/**
 * Starts `start` once the first screen has painted and the features are registered (it may first
 * load its own module: signed-in machinery such as the socket stays out of the public pages' first
 * route, and out of the start-up render's way); the returned stop works before that too (an effect
 * cleaned up while loading starts nothing, or stops what just started).
 */
export function startWhenFeaturesReady(start: () => (() => void) | Promise<() => void>): () => void {
  let stop: (() => void) | null = null
  let stopped = false
  void whenFirstScreenPainted()
    .then(() => (stopped ? null : featuresReady()))
    .then(() => (stopped ? null : start()))
    .then((started) => {
      if (started && stopped) started()
      else stop = started
    })
  return () => {
    stopped = true
    stop?.()
  }
}
