// The MCP capability (issue 15): Quire's search, answers, papers and ingestion as MCP tools
// and resources at /mcp, for agent clients.
export { mcpRoutes } from './routes'
export { mcpOpenApi } from './openapi'
