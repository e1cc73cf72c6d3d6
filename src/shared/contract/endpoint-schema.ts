/**
 * What an endpoint row carries beside its method, path and access: the schemas of its params, query,
 * body and answer. The server validates with them and checks its handlers' answers against them, the
 * client infers its call types from them (as types only: arktype stays out of the client's first
 * route), and the OpenAPI document is generated from them.
 */

/** An arktype Type as far as the contract needs one: callable, with its output and input types. */
export interface SchemaLike<Out = unknown, In = unknown> {
  readonly infer: Out
  readonly inferIn: In
  (data: unknown): unknown
}

/** An answer that is not JSON (a PDF, an uploaded document, a CSV): the handler sends it itself. */
export interface BinaryAnswer {
  readonly binary: true
  readonly mediaTypes: readonly string[]
}

export const binaryAnswer = (...mediaTypes: string[]): BinaryAnswer => ({ binary: true, mediaTypes })

export interface EndpointSchemas {
  readonly params?: SchemaLike
  readonly query?: SchemaLike
  /** For multipart endpoints, the text fields; the file fields are named in `files`. */
  readonly body?: SchemaLike
  /** Multipart endpoints: the names of their file fields (the client then sends FormData). */
  readonly files?: readonly string[]
  /**
   * The files may be left out, and then the body may come as JSON too (a profile edit without a new
   * picture): the client sends either FormData or the body.
   */
  readonly filesOptional?: true
  /** The success answer's schema; `null` for answers without a body (204). */
  readonly response: SchemaLike | BinaryAnswer | null
  /** The success status when it is not 200 (201 created, 202 accepted, 204 no content). */
  readonly status?: 200 | 201 | 202 | 204
  /** One line for the API reference. */
  readonly summary: string
  /**
   * Error statuses this endpoint answers beyond those every endpoint of its access and method answers
   * (400, 401, 403, 404, 429, and 409, 413, 415 for writes): a 401 for wrong credentials on a public
   * route, a 403 on a route any signed-in user may call, a 409 on a read, a 502.
   */
  readonly errorStatuses?: readonly (401 | 403 | 409 | 422 | 502)[]
  /**
   * `accepted`: an `Idempotency-Key` header makes a retry replay the first answer instead of acting
   * again; `required`: the request is refused without one (payouts).
   */
  readonly idempotencyKey?: 'accepted' | 'required'
}

/**
 * Schemas that take more than they describe (an admin form takes its fields as JSON or as JSON text in
 * a multipart field) name the schema of their fields here, for the OpenAPI document.
 */
const documentedFields = new WeakMap<object, SchemaLike>()

export function documentFieldsAs<T extends object>(schema: T, fields: SchemaLike): T {
  documentedFields.set(schema, fields)
  return schema
}

export const documentedFieldsOf = (schema: object): SchemaLike | undefined => documentedFields.get(schema)
