// What a guarded fetch (SafeFetch) returns for an HTML page, for fakes that serve pages.
import type { SafeResponse } from '../../workers/sources'

/** A 200 text/html SafeResponse for `url` whose body is `html`. */
export function htmlResponse(url: string, html: string): SafeResponse {
  return {
    url,
    status: 200,
    headers: new Headers(),
    contentType: 'text/html',
    body: new TextEncoder().encode(html),
    text: () => html,
  }
}
