/**
 * Link fields: what a mission's integration points viewers to, and where OAuth sends the browser back.
 * Only http(s) links pass (link-rules.ts says why); a refusal is the `url` rule on the field.
 */
import { type } from 'arktype'
import { isHttpUrl, isLinkParameter, isLinkTemplate, MAX_URL_LENGTH, withWebScheme } from '../link-rules'

const notALink = { expected: 'an http or https link', meta: { rule: 'url' } } as const

/** An absolute http(s) URL, scheme included, any host (an OAuth redirect back to this site). */
export const HttpUrl = type(`string <= ${MAX_URL_LENGTH}`).narrow(
  (value, ctx) => isHttpUrl(value) || ctx.reject(notALink),
)

/**
 * An integration's parameters. Those named as links (URL, ABSOLUTE_LINK, …_URL, …_LINK) must be http(s)
 * links whatever fills their `%field%` placeholders, and are stored with their scheme; a refusal lands on
 * the parameter itself (`tools.parameters.URL`), where the mission forms show it.
 */
export const IntegrationParameters = type(`Record<string, string <= ${MAX_URL_LENGTH}>`)
  .narrow((parameters, ctx) => {
    const refused = Object.entries(parameters).filter(
      ([name, value]) => isLinkParameter(name) && !isLinkTemplate(value),
    )
    for (const [name] of refused) ctx.reject({ ...notALink, relativePath: [name] })
    return refused.length === 0
  })
  .pipe((parameters) =>
    Object.fromEntries(
      Object.entries(parameters).map(([name, value]) => [
        name,
        isLinkParameter(name) ? withWebScheme(value) : value,
      ]),
    ),
  )
