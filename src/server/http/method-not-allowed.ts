/**
 * A request whose path exists but whose method does not is a 405 with `Allow` naming the methods that
 * path takes, not a 404: a client (or a developer with curl) learns it called the right resource the
 * wrong way. The router answers both with "not found", so the not-found handler asks here first.
 */
import type { FastifyReply } from 'fastify'
import { endpoints } from '#shared/endpoints.ts'

interface PathMethods {
  pattern: RegExp
  methods: Set<string>
}

const compiled = new WeakMap<Set<string>, PathMethods[]>()

/** Route templates (`/api/user/:user`) as patterns; a parameter is one non-empty path segment. */
function compile(routes: Set<string>): PathMethods[] {
  const byPath = new Map<string, Set<string>>()
  for (const route of routes) {
    const [method, url] = route.split(' ') as [string, string]
    let methods = byPath.get(url)
    if (!methods) {
      methods = new Set()
      byPath.set(url, methods)
    }
    methods.add(method)
    // Fastify answers HEAD wherever it answers GET.
    if (method === 'GET') methods.add('HEAD')
  }
  return [...byPath].map(([url, methods]) => {
    const source = url
      .split('/')
      .map((segment) => (segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
      .join('/')
    return { pattern: new RegExp(`^${source}/?$`), methods }
  })
}

/** The methods some route takes at this path (the query left out), sorted; empty when none does. */
function methodsAllowedAt(routes: Set<string>, url: string): string[] {
  let table = compiled.get(routes)
  if (!table) {
    table = compile(routes)
    compiled.set(routes, table)
  }
  const path = url.split('?')[0] ?? ''
  const methods = new Set<string>()
  for (const { pattern, methods: taken } of table) {
    if (pattern.test(path)) for (const method of taken) methods.add(method)
  }
  return [...methods].sort()
}

/** The methods the endpoint table gives a path template (`/api/user/{user}`), HEAD with GET. */
export function methodsOf(path: string): string[] {
  const methods = Object.values(endpoints)
    .filter((row) => row.path === path)
    .flatMap((row) => (row.method === 'GET' ? ['GET', 'HEAD'] : [row.method]))
  return [...new Set(methods)].sort()
}

/** The 405 in the API envelope, with `Allow`. */
export function sendMethodNotAllowed(reply: FastifyReply, allowed: readonly string[]) {
  return reply
    .code(405)
    .header('allow', allowed.join(', '))
    .send({ code: 'METHOD_NOT_ALLOWED', message: `This resource takes ${allowed.join(', ')}` })
}

/** Sends the 405 when the path exists with other methods; false when the path is unknown (a 404). */
export function answeredMethodNotAllowed(
  routes: Set<string>,
  request: { method: string; url: string },
  reply: FastifyReply,
): boolean {
  const allowed = methodsAllowedAt(routes, request.url)
  if (allowed.length === 0 || allowed.includes(request.method)) return false
  sendMethodNotAllowed(reply, allowed)
  return true
}
