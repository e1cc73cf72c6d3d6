export interface FileSizes {
  file: string
  raw: number
  gzip: number
  brotli: number
}
export function entryScripts(clientDir: string): string[]
export function initialScripts(clientDir: string): string[]
export function staticClosure(clientDir: string, files: string[]): string[]
export function chunkSources(clientDir: string, file: string): string[]
export function chunksFrom(clientDir: string, pattern: RegExp): string[]
export function compressedSizes(
  clientDir: string,
  files: string[],
): { total: { raw: number; gzip: number; brotli: number }; perFile: FileSizes[] }
