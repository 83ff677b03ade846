// Request ids: hono's middleware honours a sane incoming X-Request-Id (so callers can correlate
// logs; word characters, `-` and `=`, at most 128) and otherwise mints a UUID, echoed on every
// response. Error envelopes repeat it (error-envelope.ts) since onError builds a new response.
import { requestId as honoRequestId } from 'hono/request-id'

export const REQUEST_ID_MAX_LENGTH = 128

export function requestId() {
  return honoRequestId({ limitLength: REQUEST_ID_MAX_LENGTH })
}
