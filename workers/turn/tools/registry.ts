// The tool registry: the built-in tools by name, and the choice of tools for a turn.
import { openUrlTool } from './open-url'
import { searchCorpusTool } from './search-corpus'
import type { TurnTool } from './types'
import { webSearchTool } from './web-search'

export const BUILTIN_TOOLS: readonly TurnTool[] = [searchCorpusTool, webSearchTool, openUrlTool]

export const BUILTIN_TOOL_NAMES = ['search_corpus', 'web_search', 'open_url'] as const
export type BuiltinToolName = (typeof BUILTIN_TOOL_NAMES)[number]

/**
 * The tools a turn offers: `available` (default: the built-ins), narrowed to `requested`
 * names when the request lists some (an empty list means no tools).
 */
export function selectTools(
  requested: readonly string[] | undefined,
  available: readonly TurnTool[] = BUILTIN_TOOLS,
): TurnTool[] {
  if (!requested) return [...available]
  return available.filter((tool) => requested.includes(tool.spec.name))
}
