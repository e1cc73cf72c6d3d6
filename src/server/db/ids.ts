const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** Ids in URLs and bodies are checked before they reach a uuid column, where junk would be a database error. */
export const isUuid = (value: string): boolean => UUID_PATTERN.test(value)
