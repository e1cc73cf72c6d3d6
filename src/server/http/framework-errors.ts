/**
 * Answers for requests refused before any route runs, in the API's `{ code, message }` envelope and
 * with the security headers of every other answer, instead of Fastify's and Node's own bodies:
 * - what Node's HTTP parser refuses (a control character in a header, a malformed header line, headers
 *   past the size limit, an unknown method, a request line with a space in its URL): there is no
 *   request or reply then, so the answer is written to the socket by hand, and the connection closed;
 * - what Fastify's router refuses (a malformed percent-encoding, a path parameter past its length).
 */
import { STATUS_CODES } from 'node:http'
import type { Socket } from 'node:net'
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'

interface Refusal {
  status: number
  code: string
  message: string
}

const malformed: Refusal = { status: 400, code: 'BAD_REQUEST', message: 'The request is malformed' }

/** The status Node itself would give each parser error (others are a plain 400). */
function parserRefusal(code: string | undefined): Refusal {
  switch (code) {
    case 'HPE_HEADER_OVERFLOW':
      return { status: 431, code: 'HEADERS_TOO_LARGE', message: 'The request headers are too large' }
    case 'HPE_CHUNK_EXTENSIONS_OVERFLOW':
      return { status: 413, code: 'PAYLOAD_TOO_LARGE', message: 'The request body is too large' }
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return { status: 408, code: 'REQUEST_TIMEOUT', message: 'The request took too long to arrive' }
    default:
      return malformed
  }
}

/** A whole HTTP/1.1 response, for a socket no reply object owns. */
function rawResponse(refusal: Refusal, headers: Record<string, string>): string {
  const body = JSON.stringify({ code: refusal.code, message: refusal.message })
  const lines = [
    `HTTP/1.1 ${refusal.status} ${STATUS_CODES[refusal.status] ?? 'Error'}`,
    ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
    'cache-control: no-store',
    'content-type: application/json; charset=utf-8',
    `content-length: ${Buffer.byteLength(body)}`,
    'connection: close',
  ]
  return `${lines.join('\r\n')}\r\n\r\n${body}`
}

interface ParserError extends Error {
  code?: string
}

/** Fastify's `clientErrorHandler`: Node's parser refused what arrived on this connection. */
export function clientErrorHandler(headers: Record<string, string>) {
  return function onClientError(this: FastifyInstance, error: ParserError, socket: Socket): void {
    // A reset connection has nobody left to answer.
    if (error.code === 'ECONNRESET' || socket.destroyed) return
    this.log.debug({ err: error }, 'request refused by the HTTP parser')
    // An answer already under way on this connection (a pipelined request) must not be cut into.
    const inFlight = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage
    if (!socket.writable || inFlight?.headersSent) {
      socket.destroy()
      return
    }
    socket.end(rawResponse(parserRefusal(error.code), headers), () => socket.destroy())
  }
}

/** Fastify's `frameworkErrors`: its router refused the URL before any route or hook ran. */
export function frameworkErrors(headers: Record<string, string>) {
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply): void => {
    const refusal: Refusal =
      error.code === 'FST_ERR_BAD_URL'
        ? { status: 400, code: 'BAD_REQUEST', message: 'The URL is malformed' }
        : error.code === 'FST_ERR_MAX_PARAM_LENGTH'
          ? { status: 414, code: 'URI_TOO_LONG', message: 'A part of the URL is too long' }
          : { status: 500, code: 'SERVER_ERROR', message: 'Something went wrong on our side' }
    if (refusal.status >= 500) request.log.error({ err: error }, 'request failed')
    else request.log.info({ err: error }, 'client error')
    reply
      .headers(headers)
      .header('cache-control', 'no-store')
      .code(refusal.status)
      .send({ code: refusal.code, message: refusal.message })
  }
}
