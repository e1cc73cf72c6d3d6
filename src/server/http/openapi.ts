/**
 * The OpenAPI 3.1 document of the API, generated from the endpoint table and its arktype schemas:
 * brands and integrators read it, nobody writes it by hand, and a test keeps it equal to the routes.
 */
import { endpointSchemas } from '#shared/contract/api.ts'
import type { BinaryAnswer, EndpointSchemas, SchemaLike } from '#shared/contract/endpoint-schema.ts'
import { type EndpointName, endpoints } from '#shared/endpoints.ts'

type JsonSchema = Record<string, unknown>

interface ArkJsonSchemaSource {
  in: { toJsonSchema(options: object): JsonSchema }
  out: { toJsonSchema(options: object): JsonSchema }
}

/**
 * Morphs and custom narrows have no JSON Schema equivalent: the fallback keeps what can be said (the
 * base type), so the document describes the wire format rather than failing on it.
 */
const jsonSchemaOptions = { fallback: (context: { base: JsonSchema }) => context.base }

function toJsonSchema(schema: SchemaLike, side: 'in' | 'out'): JsonSchema {
  const { $schema: _dialect, ...rest } = (schema as unknown as ArkJsonSchemaSource)[side].toJsonSchema(
    jsonSchemaOptions,
  )
  return rest
}

const isBinary = (answer: EndpointSchemas['response']): answer is BinaryAnswer =>
  answer !== null && 'binary' in answer

/** The feature a path belongs to, as the document's tag. */
function tagOf(path: string): string {
  if (path.startsWith('/api/admin')) return 'admin'
  if (path.startsWith('/api/deals') || path.startsWith('/api/widgets')) return 'deals'
  if (path.startsWith('/api/wallets')) return 'wallet'
  if (/^\/api\/(oauth|user|partner|access)/.test(path)) return 'account'
  return 'content'
}

const errorResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
})

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
  return [...fromPath, ...fromQuery]
}

function requestBodyOf(schemas: EndpointSchemas): JsonSchema | undefined {
  if (!schemas.body && !schemas.files) return undefined
  const fields = schemas.body ? toJsonSchema(schemas.body, 'in') : { type: 'object', properties: {} }
  if (!schemas.files) return { required: true, content: { 'application/json': { schema: fields } } }
  const files = Object.fromEntries(schemas.files.map((file) => [file, { type: 'string', format: 'binary' }]))
  const properties = { ...((fields.properties ?? {}) as JsonSchema), ...files }
  const required = [...((fields.required ?? []) as string[]), ...(schemas.filesOptional ? [] : schemas.files)]
  const multipart = { 'multipart/form-data': { schema: { ...fields, type: 'object', properties, required } } }
  // Optional files: the same fields may come as JSON when no file is sent.
  const json = schemas.filesOptional ? { 'application/json': { schema: fields } } : {}
  return { required: true, content: { ...json, ...multipart } }
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
  const responses: Record<string, JsonSchema> = {
    [String(schemas.status ?? 200)]: successOf(schemas),
    '400': errorResponse('Invalid input (FORM_0001, with the errors of each field)'),
  }
  if (access !== 'public') responses['401'] = errorResponse('No valid session token (AUTH_0001)')
  if (access === 'owner' || access === 'admin') responses['403'] = errorResponse('Not allowed (ACCESS_0001)')
  responses['404'] = errorResponse('Not found (NOT_FOUND)')
  responses['429'] = errorResponse('Too many attempts (RATE_LIMITED); see Retry-After')
  const body = requestBodyOf(schemas)
  return {
    operationId: name,
    summary: schemas.summary,
    tags: [tagOf(endpoints[name].path)],
    'x-access': access,
    ...(access === 'public' ? { security: [] } : {}),
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
    },
    servers: [{ url: options.publicUrl }],
    security: [{ bearer: [] }],
    tags: ['account', 'content', 'deals', 'wallet', 'admin'].map((name) => ({ name })),
    paths,
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
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
