// A tool's status packets as MCP progress notifications, when the client asked for progress
// (a progress token); a notification that cannot be sent is dropped, never a failure.
import type { RequestHandlerExtra } from '@modelcontextprotocol/sdk/shared/protocol.js'
import type { ServerNotification, ServerRequest } from '@modelcontextprotocol/sdk/types.js'
import type { StatusListener } from './ask-run'

export function progressReporter(
  extra: RequestHandlerExtra<ServerRequest, ServerNotification>,
): StatusListener {
  const progressToken = extra._meta?.progressToken
  let progress = 0
  return (packet) => {
    if (progressToken === undefined) return
    progress += 1
    const params = { progressToken, progress, message: packet.message }
    extra.sendNotification({ method: 'notifications/progress', params }).catch(() => undefined)
  }
}
