/*
 * Server-rendered pages load the app with this script instead of a module script in their <head>
 * (src/server/features/content/ssr-renderer.ts): their HTML is readable without JavaScript, so the
 * app's 120 KB must not compete with it for the first paint. Once the page has painted, the app's
 * entry modules (data-src) and their preloads (data-preload) are added as the built index.html had them.
 * A plain script (not a module, not inline: the CSP allows no inline script), deferred: it runs
 * after parsing, when the render-blocking stylesheet has arrived.
 */
;(() => {
  const loader = document.currentScript
  if (!(loader instanceof HTMLScriptElement) || !loader.dataset.src) return
  const { src, preload = '' } = loader.dataset

  function loadApp() {
    // The entries as modulepreload links too: Vite's loader of lazy chunks looks for links, not
    // scripts, to know what is already loading (the same URL is fetched once).
    for (const href of [...preload.split(' '), ...src.split(' ')].filter(Boolean)) {
      const link = document.createElement('link')
      link.rel = 'modulepreload'
      link.crossOrigin = ''
      link.href = href
      document.head.append(link)
    }
    for (const entry of src.split(' ').filter(Boolean)) {
      const script = document.createElement('script')
      script.type = 'module'
      script.crossOrigin = ''
      // In document order, as the parser would have run them.
      script.async = false
      script.src = entry
      document.head.append(script)
    }
  }

  // A hidden tab paints nothing and runs no animation frames: nothing to wait for.
  if (document.visibilityState === 'hidden') loadApp()
  // The second frame's callback runs once the first frame, the page's first paint, is on screen.
  else requestAnimationFrame(() => requestAnimationFrame(loadApp))
})()
