// Reads a static asset through the ASSETS binding and gunzips it when it is gzip data.
// Built by the queue handler (which has env); jobs only see the ReadAsset function.
import { NotConfiguredError, ProviderError } from '../errors'
import type { ReadAsset } from './job-context'

/** Assets are served by host-less paths; any origin works for the binding. */
const ASSET_ORIGIN = 'https://assets.local'

export function createAssetReader(assets: Fetcher): ReadAsset {
  return async (path, signal) => {
    const res = await assets.fetch(new Request(`${ASSET_ORIGIN}${path}`, { signal }))
    if (res.status === 404) {
      throw new NotConfiguredError(`Static asset ${path} is missing (run \`npm run build\`)`)
    }
    if (!res.ok || !res.body) {
      throw new ProviderError('assets', `Static asset ${path} answered ${res.status}`, {
        retryable: res.status >= 500,
      })
    }
    const bytes = new Uint8Array(await res.arrayBuffer())
    return isGzip(bytes) ? gunzip(bytes) : bytes
  }
}

/** The asset server may already have decoded a Content-Encoding: gzip response; check the magic bytes. */
function isGzip(bytes: Uint8Array): boolean {
  return bytes.length >= 2 && bytes[0] === 0x1f && bytes[1] === 0x8b
}

async function gunzip(bytes: Uint8Array): Promise<Uint8Array> {
  const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream('gzip'))
  return new Uint8Array(await new Response(stream).arrayBuffer())
}
