/**
 * The endpoint table's schemas, gathered from each feature's contract: one row per endpoint name of
 * `endpoints.ts`. The server imports this at run time (validation, answer types, OpenAPI); the client
 * imports it as types only, so arktype never enters the client's first route.
 */
import type { EndpointName } from '../endpoints'
import { accessEndpoints } from './access'
import { dealAdminEndpoints, walletAdminEndpoints } from './admin'
import { adminReviewEndpoints } from './admin-review'
import { authEndpoints } from './auth'
import { brandEndpoints } from './brand'
import { brandIntegrationEndpoints } from './brand-integrations'
import { brandPortalEndpoints } from './brand-portal'
import { contentEndpoints } from './content'
import { dealEndpoints } from './deals'
import type { BinaryAnswer, EndpointSchemas } from './endpoint-schema'
import { refusingArrayBodies } from './object-bodies'
import { privacyEndpoints } from './privacy'
import { pushEndpoints } from './push'
import { walletEndpoints } from './wallet'

export const endpointSchemas = refusingArrayBodies({
  ...contentEndpoints,
  ...dealEndpoints,
  ...dealAdminEndpoints,
  ...authEndpoints,
  ...accessEndpoints,
  ...walletEndpoints,
  ...walletAdminEndpoints,
  ...adminReviewEndpoints,
  ...pushEndpoints,
  ...privacyEndpoints,
  ...brandEndpoints,
  ...brandIntegrationEndpoints,
  ...brandPortalEndpoints,
} satisfies Record<EndpointName, EndpointSchemas>)

type Row<N extends EndpointName> = (typeof endpointSchemas)[N]

/** The success answer of an endpoint: its response schema's output, a Blob for files, nothing for 204. */
export type AnswerOf<N extends EndpointName> = Row<N>['response'] extends { readonly infer: infer Out }
  ? Out
  : Row<N>['response'] extends BinaryAnswer
    ? Blob
    : undefined

/** The body the server's handler receives (after the schema's morphs). */
export type BodyOf<N extends EndpointName> =
  Row<N> extends { body: { readonly infer: infer B } } ? B : undefined

/** The body a client sends: FormData for uploads, otherwise the schema's input. */
export type BodyInputOf<N extends EndpointName> =
  Row<N> extends { files: readonly string[] }
    ? Row<N> extends { filesOptional: true; body: { readonly inferIn: infer B } }
      ? FormData | B
      : FormData
    : Row<N> extends { body: { readonly inferIn: infer B } }
      ? B
      : undefined

/** The path parameters the server's handler receives, when the row has a schema for them. */
export type ParamsOf<N extends EndpointName> =
  Row<N> extends { params: { readonly infer: infer P } } ? P : undefined

/** The query the server's handler receives. */
export type QueryOf<N extends EndpointName> =
  Row<N> extends { query: { readonly infer: infer Q } } ? Q : Record<string, never>

/** The query a client sends (query values travel as text, lists as repeated keys). */
export type QueryInputOf<N extends EndpointName> =
  Row<N> extends { query: { readonly inferIn: infer Q } } ? Q : Record<string, never>
