import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { ApiError } from '../http/api-error'

/** Paths the SPA never owns: an unknown one is a JSON 404, never the app shell. */
const API_PREFIXES = ['/api/', '/socket.io/', '/uploads/'] as const
export const isApiPath = (url: string) =>
  API_PREFIXES.some((prefix) => url.startsWith(prefix) || url === prefix.slice(0, -1))

/**
 * A request's path without its query. An absolute-form target (`GET http://host/path`, which the router
 * serves as its path) loses its scheme and host, so it is judged by its path everywhere.
 */
export const pathOf = (url: string) => (url.split('?')[0] ?? '/').replace(/^[a-z][a-z\d+.-]*:\/\/[^/]*/i, '')

interface ErrorBody {
  code: string
  message: string
  errors?: unknown
}

// busboy (under @fastify/multipart) throws plain errors, without a status, for a malformed multipart
// body: a missing boundary, a body cut short. Those are the client's fault, never a 500.
const MALFORMED_MULTIPART =
  /^(Multipart: Boundary not found|Unexpected end of multipart data|\w+ terminated early due to unexpected end of multipart data)$/

/** Errors Fastify raises itself for bad requests, with the status and message a client can act on. */
function clientErrorOf(error: FastifyError): { status: number; body: ErrorBody } | null {
  if (error.statusCode === undefined && MALFORMED_MULTIPART.test(error.message)) {
    return { status: 400, body: { code: 'BAD_REQUEST', message: 'The multipart body is malformed' } }
  }
  const status = error.statusCode ?? 500
  if (status < 400 || status >= 500) return null
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return { status: 415, body: { code: 'UNSUPPORTED_MEDIA_TYPE', message: 'Unsupported content type' } }
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
    case 'FST_REQ_FILE_TOO_LARGE':
    case 'FST_FILES_LIMIT':
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return { status: 413, body: { code: 'PAYLOAD_TOO_LARGE', message: 'The request body is too large' } }
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return {
        status: 400,
        body: {
          code: 'FORM_0001',
          message: 'The request body is not valid JSON',
          errors: { errors: ['validation.json'] },
        },
      }
    default:
      if (status === 429)
        return { status, body: { code: 'RATE_LIMITED', message: 'Too many requests, try again later' } }
      if (status === 404) return { status, body: { code: 'NOT_FOUND', message: 'Not found' } }
      // Fastify's own 4xx messages describe the request, never our internals: safe to pass on.
      return { status, body: { code: 'BAD_REQUEST', message: error.message } }
  }
}

/**
 * One error mapper for the whole API: contract errors pass through with their status, Fastify's
 * request errors become contract bodies, and anything else is a 500 whose details stay in the log.
 */
export const errorsPlugin = fp(
  async (app: FastifyInstance) => {
    app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
      if (error instanceof ApiError) {
        if (error.headers) reply.headers(error.headers)
        const body: ErrorBody = { code: error.code, message: error.message }
        if (error.errors) body.errors = error.errors
        return reply.code(error.statusCode).send(body)
      }
      const clientError = clientErrorOf(error)
      if (clientError) {
        request.log.info({ err: error }, 'client error')
        return reply.code(clientError.status).send(clientError.body)
      }
      request.log.error({ err: error }, 'request failed')
      return reply.code(500).send({ code: 'SERVER_ERROR', message: 'Something went wrong on our side' })
    })
  },
  { name: 'errors' },
)

export function sendApiNotFound(reply: FastifyReply) {
  return reply.code(404).send({ code: 'NOT_FOUND', message: 'Not found' })
}
