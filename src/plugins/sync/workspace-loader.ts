import { type KeyValueStore, type Logger } from '../../kernel'
import { describeError, toJson, workspaceCacheKey, WIRE_SDK_VERSION, type Transport } from '../../internal'

interface CachedConfig {
  config: unknown
  lastModified: string | null
  version: string
}

/**
 * Reads, fetches and caches the workspace config: `GET {sdkUrl}/api/v2/workspaces/{sdkKey}/config` with
 * `If-Modified-Since`, cached in localStorage under the reference's key as `{ config, lastModified, version }`; the
 * kernel parses it.
 */
export function createWorkspaceLoader(sdkKey: string, sdkUrl: string, local: KeyValueStore, logger: Logger, transport: Transport) {
  const cacheKey = workspaceCacheKey(sdkKey)
  let lastModified: string | null = null
  /** The text of a fetched config not cached yet. */
  let unsaved: string | undefined

  return {
    /** The config a previous visit cached (by this SDK or the reference), unless another SDK version wrote it. */
    cached(): unknown {
      const text = local.get(cacheKey)
      if (text === null) return undefined
      let cached: Partial<CachedConfig> | undefined
      try {
        cached = JSON.parse(text) as Partial<CachedConfig>
      } catch {
        cached = undefined
      }
      if (!cached || cached.version !== WIRE_SDK_VERSION) {
        local.remove(cacheKey)
        return undefined
      }
      lastModified = typeof cached.lastModified === 'string' ? cached.lastModified : null
      return cached.config
    },

    /**
     * The fetched config; undefined when unchanged (304) or on failure, which is logged. The cache is written apart,
     * by `saveCache()`, so that reading a large config, indexing it and storing it are separate tasks of the page.
     */
    async fetch(): Promise<unknown> {
      try {
        const headers = transport.headers(lastModified ? { 'If-Modified-Since': lastModified } : undefined)
        const response = await transport.request({ method: 'GET', url: `${sdkUrl}/api/v2/workspaces/${sdkKey}/config`, headers })
        if (response.status === 304) return undefined
        if (response.status < 200 || response.status > 299) throw new Error(`Http status code: ${response.status}`)
        if (!response.body) throw new Error('Response body is empty')
        const config: unknown = JSON.parse(response.body)
        lastModified = response.header('Last-Modified')
        unsaved = response.body
        return config
      } catch (error) {
        logger.error(`Failed to sync workspace: ${describeError(error)}`)
        return undefined
      }
    },

    /**
     * Caches the last fetched config as `{ config, lastModified, version }`, its text spliced from the answer's text
     * (serializing a parsed config again would cost as much as parsing it). A failing write (a full storage, a
     * page's throwing `JSON.stringify`) only skips the cache: the config is still used.
     */
    saveCache(): void {
      const body = unsaved
      unsaved = undefined
      if (body === undefined) return
      try {
        local.set(cacheKey, `{"config":${body},"lastModified":${toJson(lastModified)},"version":${toJson(WIRE_SDK_VERSION)}}`)
      } catch (error) {
        logger.warn(`Failed to cache workspace: ${describeError(error)}`)
      }
    },
  }
}
