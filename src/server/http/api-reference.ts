/**
 * A readable reference page of the API, rendered on the server from the OpenAPI document: no script,
 * no third-party viewer, so it loads under the site's CSP and works offline from a saved copy.
 */
type Json = Record<string, unknown>

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`)

const pretty = (value: unknown) => `<pre>${escapeHtml(JSON.stringify(value, null, 2))}</pre>`

function parametersTable(parameters: Json[]): string {
  if (parameters.length === 0) return ''
  const rows = parameters
    .map(
      (parameter) =>
        `<tr><td><code>${escapeHtml(String(parameter.name))}</code></td><td>${escapeHtml(String(parameter.in))}</td>` +
        `<td>${parameter.required ? 'required' : 'optional'}</td><td><code>${escapeHtml(JSON.stringify(parameter.schema))}</code></td></tr>`,
    )
    .join('')
  return `<table><thead><tr><th>Parameter</th><th>In</th><th></th><th>Schema</th></tr></thead><tbody>${rows}</tbody></table>`
}

function operationSection(method: string, path: string, operation: Json): string {
  const body = operation.requestBody as { content: Record<string, { schema: unknown }> } | undefined
  const responses = operation.responses as Record<string, { description: string; content?: Json }>
  const success = Object.entries(responses).find(([status]) => status.startsWith('2'))
  const bodyHtml = body
    ? Object.entries(body.content)
        .map(([type, media]) => `<h4>Body (${escapeHtml(type)})</h4>${pretty(media.schema)}`)
        .join('')
    : ''
  const successHtml = success
    ? `<h4>${escapeHtml(success[0])}: ${escapeHtml(success[1].description)}</h4>${
        success[1].content
          ? pretty(Object.values(success[1].content).map((media) => (media as Json).schema)[0])
          : ''
      }`
    : ''
  const errors = Object.entries(responses)
    .filter(([status]) => !status.startsWith('2'))
    .map(([status, response]) => `<li><code>${status}</code> ${escapeHtml(response.description)}</li>`)
    .join('')
  const id = escapeHtml(String(operation.operationId))
  return `<section id="${id}"><h3><span class="method ${method}">${method.toUpperCase()}</span> <code>${escapeHtml(path)}</code></h3>
<p>${escapeHtml(String(operation.summary))} <span class="access">access: ${escapeHtml(String(operation['x-access']))}</span> <span class="name">${id}</span></p>
${parametersTable((operation.parameters ?? []) as Json[])}${bodyHtml}${successHtml}<details><summary>Errors</summary><ul>${errors}</ul></details></section>`
}

export function renderApiReference(document: Json): string {
  const info = document.info as { title: string; version: string; description: string }
  const paths = document.paths as Record<string, Record<string, Json>>
  const byTag = new Map<string, string[]>()
  for (const [path, operations] of Object.entries(paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      const tag = ((operation.tags as string[] | undefined) ?? ['other'])[0] ?? 'other'
      byTag.set(tag, [...(byTag.get(tag) ?? []), operationSection(method, path, operation)])
    }
  }
  const sections = [...byTag.entries()]
    .map(
      ([tag, operations]) => `<h2 id="tag-${escapeHtml(tag)}">${escapeHtml(tag)}</h2>${operations.join('')}`,
    )
    .join('')
  const toc = [...byTag.keys()]
    .map((tag) => `<a href="#tag-${escapeHtml(tag)}">${escapeHtml(tag)}</a>`)
    .join(' · ')
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(info.title)} reference</title><style>
body{font:15px/1.5 system-ui,sans-serif;max-width:960px;margin:0 auto;padding:1rem;color:#1a1523;background:#fff}
h1{color:#5b2bd6}h2{border-bottom:2px solid #e6e0f5;padding-top:1rem;text-transform:capitalize}
section{border:1px solid #e6e0f5;border-radius:8px;padding:.5rem 1rem;margin:1rem 0}
h3{font-size:1rem;margin:.25rem 0}.method{display:inline-block;min-width:4rem;text-align:center;border-radius:4px;color:#fff;font-size:.8rem;padding:.1rem .4rem}
.get{background:#1f7a4d}.post{background:#2450b2}.put{background:#8a5a00}.delete{background:#b3261e}
.access,.name{color:#5c5470;font-size:.85rem;margin-left:.5rem}pre{background:#f6f4fb;padding:.5rem;overflow:auto;font-size:.8rem;max-height:24rem}
table{border-collapse:collapse;font-size:.85rem}td,th{border:1px solid #e6e0f5;padding:.2rem .4rem;text-align:left}
</style></head><body><h1>${escapeHtml(info.title)} <small>${escapeHtml(info.version)}</small></h1>
<p>${escapeHtml(info.description)}</p><p>Machine-readable: <a href="/api/openapi.json">/api/openapi.json</a> (OpenAPI 3.1). ${toc}</p>${sections}</body></html>`
}
