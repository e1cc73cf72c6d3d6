/**
 * Request bodies are objects, and the document says so; arktype's object types take arrays too (an
 * array has no missing key, so `[]` passes a body whose fields are all optional). Every body of the
 * endpoint table is narrowed here to refuse an array, so no route answers `[]` as if it were `{}`.
 */
import type { Type } from 'arktype'
import {
  documentedFieldsOf,
  documentFieldsAs,
  type EndpointSchemas,
  type SchemaLike,
} from './endpoint-schema'

function objectOnly(body: SchemaLike): SchemaLike {
  const checked = (body as unknown as Type).narrow(
    (value, ctx) => !Array.isArray(value) || ctx.reject({ expected: 'an object', meta: { rule: 'type' } }),
  ) as unknown as SchemaLike
  const fields = documentedFieldsOf(body)
  return fields ? documentFieldsAs(checked, fields) : checked
}

/** The same table, each body refusing arrays (types unchanged: the narrowing adds no shape). */
export function refusingArrayBodies<T extends Record<string, EndpointSchemas>>(table: T): T {
  return Object.fromEntries(
    Object.entries(table).map(([name, row]) => [
      name,
      row.body ? { ...row, body: objectOnly(row.body) } : row,
    ]),
  ) as T
}
