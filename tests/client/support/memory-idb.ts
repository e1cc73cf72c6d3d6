/**
 * IndexedDB as a Map, for `vi.mock('idb-keyval', () => import('./support/memory-idb'))`: jsdom has no
 * IndexedDB, and the persister only needs get/set/del/delMany/keys. Tests read and clear `idb`.
 */
export const idb = new Map<string, unknown>()

export const get = async (key: string) => idb.get(key)
export const set = async (key: string, value: unknown) => void idb.set(key, value)
export const del = async (key: string) => void idb.delete(key)
export const delMany = async (keys: string[]) => {
  for (const key of keys) idb.delete(key)
}
export const keys = async () => [...idb.keys()]
