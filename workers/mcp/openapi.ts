// The MCP server's part of /openapi.json (the protocol describes its own tools).
import type { openApi } from '../http'
import { mcpPaths } from './openapi-paths'

export const mcpOpenApi: openApi.OpenApiPart = { paths: mcpPaths }
