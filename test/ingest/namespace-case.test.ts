// Namespace names are one case: every boundary lower-cases them (sharedNamespaceSchema), so
// "CORPUS" written by ingestion is the library, and one source, not a namespace apart.
import { env } from 'cloudflare:test'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ingestBodySchema } from '../../workers/ingest'
import { sharedNamespaceSchema } from '../../workers/namespaces'
import { queueJob, runBatch } from './helpers'

afterEach(() => vi.restoreAllMocks())

const SPELLINGS = ['corpus', 'CORPUS', 'Corpus', 'cOrPuS', ' corpus ', 'CORPUS\t']

describe('sharedNamespaceSchema', () => {
  it.each(SPELLINGS)('reads %j as corpus', (name) => {
    expect(sharedNamespaceSchema().parse(name)).toBe('corpus')
  })

  it.each(['Team-A_1', 'TEAM-a_1', 'team-A_1'])('reads %j as team-a_1', (name) => {
    expect(sharedNamespaceSchema().parse(name)).toBe('team-a_1')
  })

  it.each(['papers:abc', '', '-corpus', 'a'.repeat(65)])('refuses %j', (name) => {
    expect(sharedNamespaceSchema().safeParse(name).success).toBe(false)
  })

  it('lower-cases the batch default and each job namespace of an ingest body', () => {
    const body = ingestBodySchema.parse({
      namespace: 'LAB',
      jobs: [{ type: 'text', title: 't', text: 'x', namespace: 'Corpus' }],
    })
    expect(body.namespace).toBe('lab')
    expect(body.jobs[0]?.namespace).toBe('corpus')
  })
})

describe('ingest into a namespace spelled in another case', () => {
  it('stores one source in the library for CORPUS and corpus with the same external id', async () => {
    for (const namespace of ['CORPUS', 'corpus', 'Corpus']) {
      const { message } = await queueJob({
        type: 'text',
        namespace,
        external_id: 'case-probe',
        title: 'Case probe',
        text: 'Glacier retreat is measured along the fjord with repeated surveys.',
      })
      await runBatch([{ body: message }])
    }
    const { results } = await env.DB.prepare(
      `SELECT namespace FROM sources WHERE external_id = 'case-probe'`,
    ).all<{ namespace: string }>()
    expect(results).toEqual([{ namespace: 'corpus' }])
  })
})
