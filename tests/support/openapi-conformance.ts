/**
 * Holds every answer the server gives in the test suite to the published OpenAPI document: the status
 * must be documented for the operation, and a JSON body must match that status's schema. Brands and
 * integrators generate clients from the document, so an answer it does not describe is a bug in one of
 * the two. Mismatches are collected and reported when the test app closes (in the file's afterAll).
 */
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js'
import addFormats from 'ajv-formats'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { buildOpenApiDocument } from '#server/http/openapi.ts'

type JsonObject = Record<string, unknown>

interface Operation {
  operationId: string
  responses: Record<string, { content?: Record<string, { schema?: unknown }> }>
}

export interface Answer {
  method: string
  /** The route's path template as Fastify knows it (`/api/user/:user`). */
  route: string
  status: number
  contentType: string | undefined
  /** The body as text, when it is text; undefined for streams and files. */
  body: string | undefined
}

const pointerPart = (part: string) => part.replaceAll('~', '~0').replaceAll('/', '~1')

/** Checks answers against one document; `check` returns the mismatch in one line, or null. */
export class OpenApiConformance {
  private readonly ajv: Ajv2020
  private readonly operations = new Map<string, { path: string; method: string; operation: Operation }>()
  private readonly validators = new Map<string, ValidateFunction>()

  constructor(document: JsonObject) {
    // strict off: OpenAPI schemas carry `x-` extensions, `examples` and `format: binary`.
    this.ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: true })
    addFormats.default(this.ajv)
    this.ajv.addFormat('binary', true)
    this.ajv.addSchema(document, 'openapi')
    const paths = document.paths as Record<string, Record<string, Operation>>
    for (const [path, operations] of Object.entries(paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        const route = path.replace(/\{(\w+)\}/g, ':$1')
        this.operations.set(`${method.toUpperCase()} ${route}`, { path, method, operation })
      }
    }
  }

  /**
   * The documented operation a route answers for; a POST twin of a PUT (`_method=put`) is the PUT,
   * unless it refused to stand in for it (a 405, like any method a path does not take).
   */
  private operationOf(method: string, route: string, status: number) {
    const own = this.operations.get(`${method} ${route}`)
    if (own || method !== 'POST' || status === 405) return own
    return this.operations.get(`PUT ${route}`)
  }

  check(answer: Answer): string | null {
    const found = this.operationOf(answer.method, answer.route, answer.status)
    if (!found) return null
    const { path, method, operation } = found
    const where = `${operation.operationId} (${method.toUpperCase()} ${path}) answered ${answer.status}`
    const documented = operation.responses[String(answer.status)]
    if (!documented) {
      const statuses = Object.keys(operation.responses).join(', ')
      return `${where}: status not documented (documented: ${statuses}); body: ${answer.body?.slice(0, 200)}`
    }
    const mediaType = answer.contentType?.split(';')[0]?.trim()
    if (!documented.content) {
      return answer.body ? `${where}: documented without a body, but sent ${mediaType}` : null
    }
    if (!mediaType || !documented.content[mediaType]) {
      const types = Object.keys(documented.content).join(', ')
      return `${where}: content type ${mediaType} not documented (documented: ${types})`
    }
    if (mediaType !== 'application/json' || answer.body === undefined) return null
    const pointer = [
      'paths',
      path,
      method,
      'responses',
      String(answer.status),
      'content',
      mediaType,
      'schema',
    ]
      .map(pointerPart)
      .join('/')
    const validate = this.validatorOf(`openapi#/${pointer}`)
    const body: unknown = JSON.parse(answer.body)
    if (validate(body)) return null
    const errors = (validate.errors ?? [])
      .slice(0, 5)
      .map((error) => `${error.instancePath || '/'} ${error.message} ${JSON.stringify(error.params)}`)
      .join('; ')
    return `${where}: body does not match #/${pointer}: ${errors}; body: ${answer.body.slice(0, 300)}`
  }

  private validatorOf(ref: string): ValidateFunction {
    let validate = this.validators.get(ref)
    if (!validate) {
      validate = this.ajv.compile({ $ref: ref })
      this.validators.set(ref, validate)
    }
    return validate
  }
}

let shared: OpenApiConformance | undefined

/** The document as the app serves it (public URL and version do not change a schema). */
export function conformanceChecker(): OpenApiConformance {
  shared ??= new OpenApiConformance(buildOpenApiDocument({ publicUrl: 'http://localhost', version: 'test' }))
  return shared
}

function answerOf(request: FastifyRequest, reply: FastifyReply, payload: unknown): Answer {
  const contentType = reply.getHeader('content-type')
  const body =
    typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString('utf8') : undefined
  return {
    method: request.method,
    route: request.routeOptions.url ?? '',
    status: reply.statusCode,
    contentType: typeof contentType === 'string' ? contentType : undefined,
    body: body === '' ? undefined : body,
  }
}

/**
 * Adds the check to an app's answers; the returned function lists the mismatches seen so far. Added
 * before the app is ready, so it runs for every route (compressed answers are checked by status only).
 */
export function watchAnswers(app: FastifyInstance): () => string[] {
  const mismatches: string[] = []
  const checker = conformanceChecker()
  app.addHook('onSend', async (request, reply, payload) => {
    const mismatch = checker.check(answerOf(request, reply, payload))
    if (mismatch) mismatches.push(mismatch)
    return payload
  })
  return () => mismatches
}
