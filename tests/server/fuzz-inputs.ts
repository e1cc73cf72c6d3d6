/**
 * fast-check arbitraries for hostile HTTP input: path parameters, query strings, bodies and content
 * types. Each produces what a real client could put on the wire (printable ASCII in the request line).
 */
import fc from 'fast-check'

export const contentTypes = [
  'application/json',
  'application/json\t',
  ' application/json',
  'APPLICATION/JSON',
  'application/json;',
  'application/json; charset=utf-8',
  'application/json; charset=latin1',
  'application/json;;;',
  'application/json, text/plain',
  'application/vnd.api+json',
  'text/plain',
  'text/html; charset=utf-8',
  'multipart/form-data; boundary=fuzz',
  'multipart/form-data',
  'multipart/form-data; boundary=',
  'application/x-www-form-urlencoded',
  'application/octet-stream',
  '*/*',
  '',
] as const

/** Values that have broken real parsers, ORMs and routers. */
const nastyValues = [
  '..',
  '%00',
  '%',
  '%E0%A4%A',
  '../../etc/passwd',
  "' or 1=1 --",
  '<script>alert(1)</script>',
  '0',
  '-1',
  '1e400',
  'NaN',
  'null',
  'undefined',
  'true',
  '__proto__',
  'constructor',
  'prototype',
  '00000000-0000-0000-0000-000000000000',
  'a'.repeat(199),
  'a'.repeat(201),
  'a'.repeat(2000),
]

const encode = (value: string) => {
  try {
    return encodeURIComponent(value)
  } catch {
    // Lone surrogates cannot be encoded; a client would send the replacement character.
    return encodeURIComponent(value.toWellFormed())
  }
}

/** A path parameter as it appears in the URL: mostly encoded, sometimes a raw hostile token. */
export const paramValue = (known: string[]): fc.Arbitrary<string> =>
  fc.oneof(
    fc.string({ minLength: 1, maxLength: 30 }).map(encode),
    fc.string({ unit: 'binary', minLength: 1, maxLength: 30 }).map(encode),
    fc.constantFrom(...nastyValues).map(encode),
    fc.constantFrom('%', '%zz', '..', '%2e%2e', '%2F', 'a%00b', '~', '!$&()*+,;=:@'),
    ...(known.length ? [fc.constantFrom(...known).map(encode)] : []),
  )

const queryKey = fc.oneof(
  fc.constantFrom(
    'locale',
    'state',
    'status',
    'exclude_current_user',
    'authorization',
    'token',
    'cursor',
    'limit',
    '__proto__',
    '__proto__[polluted]',
    'constructor[prototype][polluted]',
    'a[b][c]',
    '',
  ),
  fc.string({ maxLength: 12 }),
)
const queryValue = fc.oneof(
  fc.string({ maxLength: 30 }),
  fc.string({ unit: 'binary', maxLength: 30 }),
  fc.constantFrom(...nastyValues),
  fc.constantFrom('inprogress', 'finished', 'stopped', 'pending', 'en', 'fr', '1', 'true'),
)

/** A query string, possibly with repeated keys (arrays where strings are expected) and bad escapes. */
export const queryString: fc.Arbitrary<string> = fc.oneof(
  fc.constant(''),
  fc
    .array(fc.tuple(queryKey, queryValue), { minLength: 1, maxLength: 6 })
    .map((pairs) => `?${pairs.map(([key, value]) => `${encode(key)}=${encode(value)}`).join('&')}`),
  fc.constantFrom('?%', '?a=%zz', '?&&&', '?=', '?state[]=x&state[]=y', `?locale=${'x'.repeat(5000)}`),
)

/** Raw JSON texts that try to reach the prototype chain, directly or nested. */
export const protoPayloads = [
  '{"__proto__":{"polluted":"yes","isAdmin":true}}',
  '{"constructor":{"prototype":{"polluted":"yes"}}}',
  '{"username":"x","__proto__":{"roles":["admin"],"fuzzCanary":1}}',
  '{"a":{"b":{"__proto__":{"polluted":"yes"}}}}',
  '[{"__proto__":{"polluted":"yes"}}]',
  '{"person":{"__proto__":{"polluted":"yes"},"address":{"constructor":{"prototype":{"polluted":"yes"}}}}}',
  '{"\\u005f\\u005fproto\\u005f\\u005f":{"polluted":"yes"}}',
]

const key = fc.oneof(
  fc.constantFrom(
    'username',
    'email',
    'plainPassword',
    'amount',
    'kind',
    'person',
    'state',
    'status',
    'iban',
    'token',
    'code',
    '_method',
    'roles',
  ),
  fc.string({ maxLength: 10 }),
)

/** JSON bodies of the wrong shape: wrong types, arrays for objects, huge strings, deep nesting. */
const jsonBodies: fc.Arbitrary<string> = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }).map((value) => JSON.stringify(value)),
  fc.dictionary(key, fc.jsonValue({ maxDepth: 2 }), { maxKeys: 6 }).map((value) => JSON.stringify(value)),
  fc.dictionary(key, fc.jsonValue({ maxDepth: 2 }), { maxKeys: 4 }).map((value) => JSON.stringify([value])),
  fc
    .tuple(key, fc.integer({ min: 10_000, max: 400_000 }))
    .map(([name, size]) => JSON.stringify({ [name]: 'x'.repeat(size) })),
  fc.integer({ min: 50, max: 2000 }).map((depth) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`),
  fc.constantFrom(...protoPayloads),
)

const invalidJson = fc.oneof(
  fc.constantFrom('', '{', '{"a":', 'null', '"str"', 'undefined', '{a:1}', "{'a':1}", '\u0000', '[1,]'),
  fc.string({ unit: 'binary', maxLength: 40 }),
)

const multipartGarbage = fc.oneof(
  fc.constantFrom(
    '--fuzz\r\nContent-Disposition: form-data; name="username"\r\n\r\nx\r\n--fuzz--\r\n',
    '--fuzz\r\nContent-Disposition: form-data; name="__proto__"\r\n\r\nx\r\n--fuzz--\r\n',
    '--fuzz\r\nContent-Disposition: form-data; name="document"; filename="a.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-garbage\r\n--fuzz--\r\n',
    '--fuzz\r\nContent-Disposition: form-data; name="_method"\r\n\r\nput\r\n--fuzz\r\n',
    '--fuzz\r\n\r\n\r\n',
    '--other\r\nContent-Disposition: form-data; name="a"\r\n\r\nb\r\n--other--',
  ),
  fc.string({ unit: 'binary', maxLength: 80 }).map((text) => `--fuzz\r\n${text}`),
)

export interface FuzzBody {
  payload: string | undefined
  contentType: string | undefined
}

/** A body and a content type drawn independently: mismatches are part of the point. */
export const body: fc.Arbitrary<FuzzBody> = fc.record({
  payload: fc.option(
    fc.oneof(
      { weight: 4, arbitrary: jsonBodies },
      { weight: 2, arbitrary: invalidJson },
      { weight: 1, arbitrary: multipartGarbage },
    ),
    { nil: undefined, freq: 8 },
  ),
  contentType: fc.option(fc.constantFrom(...contentTypes), { nil: undefined, freq: 8 }),
})
