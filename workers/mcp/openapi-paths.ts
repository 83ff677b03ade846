// /openapi.json entry for /mcp: JSON-RPC over MCP's Streamable HTTP (the tools and resources
// are described by the protocol itself: tools/list, resources/templates/list).
import { openApi, type Json } from '../http'

const { API_KEY, errors } = openApi

export function mcpPaths(): Json {
  return {
    '/mcp': {
      post: {
        summary: 'Model Context Protocol server (Streamable HTTP, stateless)',
        description:
          'Tools: search_library, ask, check_claim, deep_research, find_papers, load_papers, ingest, get_source. Resources: quire://sources/{id}, quire://documents/{session} (X-Quire-Session-Token). GET and DELETE answer 405: no standalone stream, no MCP sessions.',
        security: API_KEY,
        requestBody: {
          required: true,
          content: {
            'application/json': { schema: { description: 'A JSON-RPC 2.0 message or batch' } },
          },
        },
        responses: {
          '200': {
            description: 'The JSON-RPC response(s), as an SSE stream with progress notifications',
            content: { 'text/event-stream': { schema: { type: 'string' } } },
          },
          '202': { description: 'Notifications and responses accepted' },
          ...errors('400', '401', '413', '429'),
        },
      },
    },
  }
}
