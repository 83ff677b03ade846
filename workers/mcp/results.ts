// Tool results: structuredContent plus the same as readable text, and errors as results that
// carry the HTTP envelope's code and message (so a client can branch on the code).
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js'
import { AppError } from '../errors'

export function toolResult(structured: Record<string, unknown>, text: string): CallToolResult {
  return { structuredContent: structured, content: [{ type: 'text', text }] }
}

export function toolError(error: unknown): CallToolResult {
  const known = error instanceof AppError
  if (!known) {
    console.error(JSON.stringify({ level: 'error', msg: 'mcp tool failed', error: String(error) }))
  }
  const code = known ? error.code : 'internal'
  const message = known ? error.message : 'The tool failed'
  const structured = {
    error: { code, message, ...(known && error.details ? { details: error.details } : {}) },
  }
  return { ...toolResult(structured, `${code}: ${message}`), isError: true }
}

/** Runs a tool body; an AppError (or anything else) becomes an error result, never a throw. */
export async function guarded(run: () => Promise<CallToolResult>): Promise<CallToolResult> {
  try {
    return await run()
  } catch (error) {
    return toolError(error)
  }
}
