/**
 * The OpenAPI 3.1 document of the API, generated from the endpoint table and its arktype schemas:
 * brands and integrators read it, nobody writes it by hand, and a test keeps it equal to the routes.
 */
import { endpointSchemas } from '#shared/contract/api.ts'
import type { BinaryAnswer, EndpointSchemas } from '#shared/contract/endpoint-schema.ts'
import { IDEMPOTENCY_KEY_MAX_LENGTH } from '#shared/contract/wallet.ts'
import { type EndpointName, endpoints } from '#shared/endpoints.ts'
import { type JsonSchema, requestBodyOf, toJsonSchema } from './openapi-schemas'
import { apiKeyScheme, securityOf, webhooksSection } from './openapi-webhooks'

const isBinary = (answer: EndpointSchemas['response']): answer is BinaryAnswer =>
  answer !== null && 'binary' in answer

const TAGS = {
  account: 'Sign-up, sign-in, the user’s account, linked platforms and access links',
  content: 'Public content, forms, brands’ portal and Web Push',
  deals: 'Missions, the streamers’ deals, tracked links and widgets',
  wallet: 'Earnings, payouts, bank accounts and identity checks',
  admin: 'Administration: users, missions, providers, payouts and content',
}

/** The feature a path belongs to, as the document's tag. */
function tagOf(path: string): string {
  if (path.startsWith('/api/admin')) return 'admin'
  if (path.startsWith('/api/deals') || path.startsWith('/api/widgets')) return 'deals'
  if (path.startsWith('/api/wallets')) return 'wallet'
  if (/^\/api\/(oauth|user|partner|access)/.test(path)) return 'account'
  return 'content'
}

const errorResponse = (description: string, headers?: JsonSchema) => ({
  description,
  ...(headers ? { headers } : {}),
  content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
})

/** What an error status means here, with the codes its body carries. */
const ERROR_DESCRIPTIONS: Record<number, string> = {
  400: 'Invalid input (FORM_0001, with the errors of each field; BAD_REQUEST for a malformed request)',
  401: 'No valid session token (AUTH_0001)',
  403: 'Not allowed (ACCESS_0001)',
  404: 'Not found (NOT_FOUND)',
  409: 'Conflicts with the current state (CONFLICT)',
  413: 'The request body is too large (PAYLOAD_TOO_LARGE)',
  415: 'Unsupported content type (UNSUPPORTED_MEDIA_TYPE)',
  422: 'The Idempotency-Key was already used for another request (UNPROCESSABLE)',
  502: 'A service this call needs (card payments) did not answer; try again later',
}

const retryAfter = {
  'Retry-After': {
    description: 'Seconds to wait before trying again',
    schema: { type: 'integer', minimum: 0 },
  },
}

/** The error statuses an operation answers: those of its access and method, and those its row names. */
function errorResponsesOf(name: EndpointName, schemas: EndpointSchemas) {
  const { access } = endpoints[name]
  const statuses = new Set<number>([400, 404, ...(schemas.errorStatuses ?? [])])
  if (access !== 'public') statuses.add(401)
  if (access === 'owner' || access === 'admin' || access === 'member') statuses.add(403)
  // Any write may meet the state it would change (a taken slug, a mission no longer a draft, a deal
  // already stopped), and any request body may be too large or of a type the server does not read.
  if (endpoints[name].method !== 'GET') {
    statuses.add(409)
    statuses.add(413)
    statuses.add(415)
  }
  if (schemas.idempotencyKey) statuses.add(422)
  const responses: Record<string, JsonSchema> = {}
  for (const status of [...statuses].sort((a, b) => a - b)) {
    let description = ERROR_DESCRIPTIONS[status] ?? 'Error'
    if (status === 401 && access === 'public') description = 'Wrong credentials (AUTH_0002)'
    responses[String(status)] = errorResponse(description)
  }
  responses['429'] = errorResponse('Too many attempts (RATE_LIMITED); see Retry-After', retryAfter)
  // The shared rate-limit store (Redis) answering too late is a fast refusal, never a wait.
  responses['503'] = errorResponse('Briefly unavailable (UNAVAILABLE); see Retry-After', retryAfter)
  return responses
}

/** Header parameters; the session token travels through the `bearer` security scheme instead. */
function headersOf(schemas: EndpointSchemas): JsonSchema[] {
  if (!schemas.idempotencyKey) return []
  const required = schemas.idempotencyKey === 'required'
  return [
    {
      name: 'Idempotency-Key',
      in: 'header',
      required,
      description: required
        ? 'A key the client makes per request (a UUID): a retry with the same key is answered without acting twice'
        : 'Optional: a retry with the same key replays the first answer instead of acting again',
      schema: {
        type: 'string',
        minLength: 1,
        maxLength: IDEMPOTENCY_KEY_MAX_LENGTH,
        pattern: '^[\\x21-\\x7e]+$',
      },
    },
  ]
}

function parametersOf(name: EndpointName, schemas: EndpointSchemas): JsonSchema[] {
  const path = endpoints[name].path
  const placeholders = [...path.matchAll(/\{(\w+)\}/g)].map((match) => match[1] as string)
  const pathSchema = schemas.params ? toJsonSchema(schemas.params, 'in') : undefined
  const pathProperties = (pathSchema?.properties ?? {}) as Record<string, JsonSchema>
  const fromPath = placeholders.map((placeholder) => ({
    name: placeholder,
    in: 'path',
    required: true,
    schema: pathProperties[placeholder] ?? { type: 'string', maxLength: 200 },
  }))
  const querySchema = schemas.query ? toJsonSchema(schemas.query, 'in') : undefined
  const required = new Set((querySchema?.required ?? []) as string[])
  const fromQuery = Object.entries((querySchema?.properties ?? {}) as Record<string, JsonSchema>).map(
    ([key, schema]) => ({ name: key, in: 'query', required: required.has(key), schema }),
  )
  return [...fromPath, ...fromQuery, ...headersOf(schemas)]
}

function successOf(schemas: EndpointSchemas): JsonSchema {
  const answer = schemas.response
  if (answer === null) return { description: 'Done, no content' }
  if (isBinary(answer)) {
    return {
      description: 'A file',
      content: Object.fromEntries(
        answer.mediaTypes.map((type) => [type, { schema: { type: 'string', format: 'binary' } }]),
      ),
    }
  }
  return { description: 'Success', content: { 'application/json': { schema: toJsonSchema(answer, 'out') } } }
}

function operationOf(name: EndpointName, schemas: EndpointSchemas): JsonSchema {
  const { access } = endpoints[name]
  const body = requestBodyOf(schemas)
  const responses: Record<string, JsonSchema> = {
    [String(schemas.status ?? 200)]: successOf(schemas),
    ...errorResponsesOf(name, schemas),
  }
  return {
    operationId: name,
    summary: schemas.summary,
    tags: [tagOf(endpoints[name].path)],
    'x-access': access,
    ...(access === 'public' ? { security: [] } : securityOf(name)),
    parameters: parametersOf(name, schemas),
    ...(body ? { requestBody: body } : {}),
    responses,
  }
}

const FormErrors = {
  type: 'object',
  properties: {
    errors: {
      type: 'array',
      items: { type: 'string' },
      description: 'Translation keys, e.g. validation.required',
    },
    children: { type: 'object', additionalProperties: { $ref: '#/components/schemas/FormErrors' } },
  },
}

/** The whole document, for the endpoints whose rows carry schemas. */
export function buildOpenApiDocument(options: { publicUrl: string; version: string }): JsonSchema {
  const paths: Record<string, Record<string, JsonSchema>> = {}
  const table = endpointSchemas as Partial<Record<EndpointName, EndpointSchemas>>
  for (const name of Object.keys(endpoints) as EndpointName[]) {
    const schemas = table[name]
    if (!schemas) continue
    const { method, path } = endpoints[name]
    paths[path] ??= {}
    paths[path][method.toLowerCase()] = operationOf(name, schemas)
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Streamdeals API',
      version: options.version,
      description:
        'Missions for streamers: brands publish paid missions, streamers take them and share tracked links. ' +
        'Send `Authorization: Bearer <code>` with the code that sign-in answers. Money is integer cents.',
      // The service is ours, not open source (package.json is private): integrators use it under our terms.
      license: { name: 'Proprietary', url: `${options.publicUrl}/terms` },
    },
    servers: [{ url: options.publicUrl }],
    security: [{ bearer: [] }],
    tags: Object.entries(TAGS).map(([name, description]) => ({ name, description })),
    paths,
    webhooks: webhooksSection(),
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer' }, apiKey: apiKeyScheme },
      schemas: {
        FormErrors,
        Error: {
          type: 'object',
          required: ['code', 'message'],
          properties: {
            code: { type: 'string', examples: ['FORM_0001', 'AUTH_0001', 'NOT_FOUND'] },
            message: { type: 'string' },
            errors: { $ref: '#/components/schemas/FormErrors' },
          },
        },
      },
    },
  }
}
