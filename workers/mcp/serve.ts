// One MCP request: a fresh stateless transport and server from the SDK. Loaded on demand by
// routes.ts, so the SDK (and its JSON Schema validator) stays out of every other request's
// module graph.
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js'
import type { McpContext } from './context'
import { createMcpServer } from './server'

export async function serveMcp(request: Request, context: McpContext): Promise<Response> {
  const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined })
  const server = createMcpServer(context)
  await server.connect(transport)
  return transport.handleRequest(request)
}
