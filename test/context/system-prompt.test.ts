import { describe, expect, it } from 'vitest'
import {
  buildReminder,
  buildSystemPrompt,
  CITATION_REMINDER,
  CITATION_SECTION,
  DEFAULT_SYSTEM_PROMPT,
} from '../../workers/context'

const now = new Date('2025-03-04T05:06:07Z')
const search = { name: 'search_corpus', guidance: 'search the knowledge base.' }

describe('system prompt', () => {
  it('starts with the default and states the date and time', () => {
    const prompt = buildSystemPrompt({ base: null, now, tools: [], citations: false })
    expect(prompt.startsWith(DEFAULT_SYSTEM_PROMPT)).toBe(true)
    expect(prompt).toContain('Tuesday, 2025-03-04 05:06 UTC')
  })

  it('has no tool section when no tool is offered in the cycle', () => {
    const prompt = buildSystemPrompt({ base: null, now, tools: [], citations: false })
    expect(prompt).not.toContain('# Tools')
  })

  it('describes only the tools offered in the cycle, with the follow-up advice in that section', () => {
    const prompt = buildSystemPrompt({ base: null, now, tools: [search], citations: false })
    const section = prompt.slice(prompt.indexOf('# Tools'))
    expect(section).toContain('- search_corpus: search the knowledge base.')
    expect(section).toContain('call more tools')
    expect(prompt).not.toContain('open_url')
  })

  it('adds the citation section only when asked', () => {
    expect(buildSystemPrompt({ base: null, now, tools: [], citations: false })).not.toContain(
      CITATION_SECTION,
    )
    expect(buildSystemPrompt({ base: null, now, tools: [], citations: true })).toContain(
      CITATION_SECTION,
    )
  })

  it('uses a replacement base instead of the default but keeps the dynamic parts', () => {
    const prompt = buildSystemPrompt({
      base: 'Be a pirate.',
      now,
      tools: [search],
      citations: true,
    })
    expect(prompt.startsWith('Be a pirate.')).toBe(true)
    expect(prompt).not.toContain(DEFAULT_SYSTEM_PROMPT)
    expect(prompt).toContain('# Tools')
    expect(prompt).toContain('# Citations')
  })
})

describe('reminder', () => {
  it('is absent when no search ran and the user set no reminders', () => {
    expect(buildReminder({ searchRan: false, userReminders: [] })).toBeNull()
  })

  it('is the citation reminder when a search tool ran', () => {
    expect(buildReminder({ searchRan: true, userReminders: [] })).toBe(CITATION_REMINDER)
  })

  it('merges the citation reminder and the user reminders into one message', () => {
    const reminder = buildReminder({ searchRan: true, userReminders: ['Answer in French.', ' '] })
    expect(reminder).toBe(`${CITATION_REMINDER}\nAnswer in French.`)
  })

  it('holds the user reminders alone when no search ran', () => {
    expect(buildReminder({ searchRan: false, userReminders: ['Be brief.'] })).toBe('Be brief.')
  })
})
