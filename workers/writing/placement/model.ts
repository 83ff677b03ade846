// Stage 2's model: given the document's blocks, the approved content and the session's user
// messages, it answers WHERE the content goes (a placement), never a rewritten document.
// Quire checks the answer against the document; an invalid one is not used.
import { completeJson, type ChatModel } from '../../llm'
import type { DocBlock } from '../structure'
import { placementSchema, type Placement } from './types'

const PLACEMENT_PROMPT = `You decide where approved content goes in a user's research document. You do not edit or rewrite anything: you only point at a place.
The document is given as numbered blocks: [id] type: text. Headings open sections.
Answer with JSON {action, target, heading, replace, reason}:
- "append_to_section": at the end of the section whose heading block is target.
- "insert_after" / "insert_before": next to the block target.
- "new_section": a new section (heading = its title) under the heading block target, or at top level when target is null.
- "end": at the end of the document (target null).
- replace: ids of blocks to remove and put the content in place of — ONLY when the user's messages explicitly ask to replace or rewrite those blocks; otherwise [].
Follow the user's messages when they say where the content belongs; match section names by meaning ("intro" is Introduction, "methods" is Methodology, "results" is Findings). Otherwise choose the section whose topic fits the content best.`

function blockLine(block: DocBlock): string {
  const text = block.text.replace(/\s+/g, ' ')
  return `[${block.id}] ${block.type}: ${text.length > 240 ? `${text.slice(0, 240)}…` : text}`
}

export async function askPlacement(
  model: ChatModel,
  options: { blocks: DocBlock[]; content: string; userMessages: string[] },
  signal?: AbortSignal,
): Promise<Placement | null> {
  const document = options.blocks.map(blockLine).join('\n') || '(the document is empty)'
  const messages = options.userMessages
    .slice(-10)
    .map((m, i) => `${i + 1}. ${m}`)
    .join('\n')
  const result = await completeJson(
    model,
    {
      messages: [
        { role: 'system', content: PLACEMENT_PROMPT },
        {
          role: 'user',
          content: `<document>\n${document}\n</document>\n\n<approved_content>\n${options.content}\n</approved_content>\n\n<user_messages>\n${messages}\n</user_messages>`,
        },
      ],
      temperature: 0,
    },
    placementSchema,
    signal,
    { name: 'placement' },
  )
  return result.value
}
