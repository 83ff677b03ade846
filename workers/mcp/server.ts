// One McpServer per request (the transport is stateless, as a Worker's requests are): the
// tools and resources bound to this request's context, and cancellations routed to calls.
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import { CancelledNotificationSchema } from '@modelcontextprotocol/sdk/types.js'
import { registerAskTool } from './ask-tool'
import { registerClaimTool } from './claim-tool'
import type { McpContext } from './context'
import { cancelCall } from './in-flight'
import { registerLibraryTools } from './library-tools'
import { registerPaperTools } from './paper-tools'
import { registerResearchTool } from './research-tool'
import { registerResources } from './resources'

export const SERVER_INFO = { name: 'quire', version: '1.0.0' }

export function createMcpServer(context: McpContext): McpServer {
  const server = new McpServer(SERVER_INFO, {
    capabilities: { tools: {}, resources: {} },
    instructions:
      'Quire answers from sources it retrieved and cites them; when evidence is missing it says so (abstained). Use search_library for passages, ask for a grounded answer, check_claim for which sources support or contradict a claim (with the sentences that say so), deep_research for a sectioned cited report, find_papers and load_papers to grow the knowledge base.',
  })
  registerLibraryTools(server, context)
  registerAskTool(server, context)
  registerClaimTool(server, context)
  registerPaperTools(server, context)
  registerResearchTool(server, context)
  registerResources(server, context)
  // The call being cancelled ran in an earlier POST: look it up by caller and request id.
  server.server.setNotificationHandler(CancelledNotificationSchema, (notification) => {
    const { requestId, reason } = notification.params
    if (requestId !== undefined) cancelCall(context.callerKey, requestId, reason)
  })
  return server
}
