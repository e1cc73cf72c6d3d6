/**
 * The JSON Schemas of the OpenAPI document, from the contract's arktype schemas: what arktype can say
 * in JSON Schema it says, and our own meta becomes standard keywords or `x-` extensions, so linters and
 * generated clients read the document without unknown keywords.
 */
import {
  documentedFieldsOf,
  type EndpointSchemas,
  type SchemaLike,
} from '#shared/contract/endpoint-schema.ts'

export type JsonSchema = Record<string, unknown>

interface ArkJsonSchemaSource {
  in: { toJsonSchema(options: object): JsonSchema }
  out: { toJsonSchema(options: object): JsonSchema }
}

/**
 * Morphs and custom narrows have no JSON Schema equivalent: the fallback keeps what can be said (the
 * base type), so the document describes the wire format rather than failing on it. A custom check
 * publishes its rule through meta (`maxLength` counted in characters, the password's patterns).
 */
const jsonSchemaOptions = { fallback: (context: { base: JsonSchema }) => context.base }

/** Keywords whose value is a map of names to schemas, and those holding one schema or a list of them. */
const SCHEMA_MAPS = new Set(['properties', 'patternProperties', '$defs', 'dependentSchemas'])
const SCHEMA_VALUES = new Set([
  'items',
  'additionalProperties',
  'not',
  'contains',
  'propertyNames',
  'if',
  'then',
  'else',
  'unevaluatedItems',
  'unevaluatedProperties',
  'contentSchema',
  'allOf',
  'anyOf',
  'oneOf',
  'prefixItems',
])

/**
 * The contract tags constraints with `rule`, the translation key a failure shows: not a JSON Schema
 * keyword, so it is published as the `x-rule` extension (property names are left alone).
 */
function standardKeywords(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(standardKeywords)
  if (typeof schema !== 'object' || schema === null) return schema
  const result: JsonSchema = {}
  for (const [key, value] of Object.entries(schema)) {
    if (key === 'rule') result['x-rule'] = value
    else if (SCHEMA_MAPS.has(key) && typeof value === 'object' && value !== null) {
      result[key] = Object.fromEntries(
        Object.entries(value).map(([name, inner]) => [name, standardKeywords(inner)]),
      )
    } else if (SCHEMA_VALUES.has(key)) result[key] = standardKeywords(value)
    else result[key] = value
  }
  return result
}

export function toJsonSchema(schema: SchemaLike, side: 'in' | 'out'): JsonSchema {
  const { $schema: _dialect, ...rest } = (schema as unknown as ArkJsonSchemaSource)[side].toJsonSchema(
    jsonSchemaOptions,
  )
  return standardKeywords(rest) as JsonSchema
}

/** A request body's schema: the fields it describes (an admin form's), else its own. */
function bodySchemaOf(body: SchemaLike): { fields: JsonSchema; asPayload: boolean } {
  const fields = documentedFieldsOf(body)
  return fields
    ? { fields: toJsonSchema(fields, 'in'), asPayload: true }
    : { fields: toJsonSchema(body, 'in'), asPayload: false }
}

/** JSON, multipart with files, or both (a form whose file may be left out). */
export function requestBodyOf(schemas: EndpointSchemas): JsonSchema | undefined {
  if (!schemas.body && !schemas.files) return undefined
  const { fields, asPayload } = schemas.body
    ? bodySchemaOf(schemas.body)
    : { fields: { type: 'object', properties: {} }, asPayload: false }
  if (!schemas.files) return { required: true, content: { 'application/json': { schema: fields } } }
  const files = Object.fromEntries(schemas.files.map((file) => [file, { type: 'string', format: 'binary' }]))
  const requiredFiles = schemas.filesOptional ? [] : schemas.files
  // An admin form sends its nested fields as JSON text in `payload`, beside the file.
  const multipartSchema = asPayload
    ? {
        type: 'object',
        properties: {
          payload: {
            type: 'string',
            description: 'The fields as JSON text',
            contentMediaType: 'application/json',
            contentSchema: fields,
          },
          ...files,
        },
        required: ['payload', ...requiredFiles],
      }
    : {
        ...fields,
        type: 'object',
        properties: { ...((fields.properties ?? {}) as JsonSchema), ...files },
        required: [...((fields.required ?? []) as string[]), ...requiredFiles],
      }
  // Optional files: the same fields may come as JSON when no file is sent.
  const json = schemas.filesOptional ? { 'application/json': { schema: fields } } : {}
  return { required: true, content: { ...json, 'multipart/form-data': { schema: multipartSchema } } }
}
