/**
 * No module of src/ reaches itself through its imports. A circle makes the order modules run in depend
 * on which one is imported first (a value read before its module has run is `undefined`), and it says
 * two files are one piece of code split in the wrong place. Type-only and lazy imports count too: they
 * are the same knot for a reader, and the first value import added along them would make it real.
 */
import { expect, test } from 'vitest'
import { importCircles, importGraph } from '../support/import-graph'

test('no import circle in src', () => {
  const circles = importCircles(importGraph()).map((group) => group.join(' <-> '))
  expect(circles).toEqual([])
})

test('the circle finder sees a circle through a type-only import and a lazy one', () => {
  const graph = new Map([
    ['client/a.tsx', ['client/b.tsx']],
    ['client/b.tsx', ['client/c.ts']],
    ['client/c.ts', ['client/a.tsx']],
    ['client/d.ts', ['client/a.tsx']],
  ])
  expect(importCircles(graph)).toEqual([['client/a.tsx', 'client/b.tsx', 'client/c.ts']])
})

test('the graph follows relative, subpath and extensionless imports', () => {
  const graph = importGraph()
  expect(graph.get('client/components/ui/day-chart.tsx')).toEqual(
    expect.arrayContaining(['shared/format-date.ts', 'client/components/ui/day-chart-canvas.tsx']),
  )
  expect(graph.get('server/db/client.ts')).toContain('server/db/notifications.ts')
})
