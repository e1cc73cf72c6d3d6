import type { ContentEntry } from '#shared/contract/content.ts'

export interface FaqGroup {
  topic: string | null
  entries: ContentEntry[]
}

/** Case- and accent-insensitive, so "remunere" finds "rémunéré". */
function normalizeForSearch(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
}

/** Entries whose question or answer holds every word of the query. */
export function searchFaq(entries: readonly ContentEntry[], query: string): ContentEntry[] {
  const words = normalizeForSearch(query).split(/\s+/).filter(Boolean)
  if (words.length === 0) return [...entries]
  return entries.filter((entry) => {
    const haystack = normalizeForSearch(`${entry.title} ${entry.body}`)
    return words.every((word) => haystack.includes(word))
  })
}

/** Groups entries by topic, topics in the order of their first entry (entries come sorted by position). */
export function groupByTopic(entries: readonly ContentEntry[]): FaqGroup[] {
  const groups = new Map<string | null, ContentEntry[]>()
  for (const entry of entries) {
    const list = groups.get(entry.topic) ?? []
    list.push(entry)
    groups.set(entry.topic, list)
  }
  return [...groups].map(([topic, list]) => ({ topic, entries: list }))
}
