// A project larger than the model's window is indexed into the session's namespace once and
// retrieved from per message, instead of being shown whole.
import { env } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { countTokens } from '../../workers/llm'
import { listContextFiles, saveContextFile, type ContextFile } from '../../workers/context'
import { runTurn } from '../../workers/turn'
import { aRun, memoryStore, testDeps, withSql } from './helpers'
import { scriptedModel } from './scripted-model'

const TOPICS = [
  'glacier retreat',
  'river sediment',
  'orchard pollination',
  'urban heat islands',
  'peat fires',
]

function projectText(): string {
  return TOPICS.map((topic, i) =>
    Array.from(
      { length: 12 },
      (_, j) =>
        `Finding ${i}.${j}: measurements of ${topic} changed in season ${j} across site ${i}.`,
    ).join(' '),
  ).join('\n\n')
}

function aProjectFile(text: string): ContextFile {
  return {
    id: 'big',
    scope: 'project',
    name: 'field-notes.md',
    contentType: 'text/markdown',
    kind: 'text',
    text,
    tokens: countTokens(text),
    bytes: text.length,
    indexed: false,
    createdAt: 1,
  }
}

describe('project overflow', () => {
  it('retrieves project passages for the message when the project exceeds the window', async () => {
    await withSql(async (sql) => {
      const text = projectText()
      const model = scriptedModel([{ text: ['ok'] }, { text: ['ok'] }], 1_200)
      expect(countTokens(text)).toBeGreaterThan(600)
      saveContextFile(sql, aProjectFile(text))
      const store = memoryStore(sql, 'proj-session')
      const deps = testDeps({ models: { main: model, fast: model } })
      await runTurn(
        aRun(store, deps, { message: 'What happened with orchard pollination?' }).context,
      )
      const project = model.requests[0]?.messages[1]?.content ?? ''
      expect(project).toContain('orchard pollination')
      expect(project.length).toBeLessThan(text.length)
      expect(store.listMessages()[1]?.data).toMatchObject({ project: 'retrieved' })
      expect(listContextFiles(sql, 'project')[0]?.indexed).toBe(true)
      const rows = await env.DB.prepare('SELECT count(*) AS n FROM chunks WHERE namespace = ?')
        .bind('project:proj-session')
        .first<{ n: number }>()
      expect(rows?.n).toBeGreaterThan(0)
      // A second turn reuses the index instead of indexing again.
      await runTurn(aRun(store, deps, { message: 'And glacier retreat?' }).context)
      // The small window leaves no room for the first turn; the project passages still come.
      const second = model.requests[1]?.messages.find((m) => m.content.startsWith('Documents'))
      expect(second?.content).toContain('glacier retreat')
    })
  })
})
