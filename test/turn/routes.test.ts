import { countTokens as gptTokenizerCount } from 'gpt-tokenizer/encoding/cl100k_base'
import { describe, expect, it } from 'vitest'
import { call, describeSession, newSession, readSse } from './http-helpers'

describe('settings routes', () => {
  it('returns the defaults for a new session', async () => {
    const session = await newSession()
    const res = await call(session, '/settings')
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({
      system_prompt: null,
      custom_agent_prompt: null,
      replace_system_prompt: false,
      reminders: [],
    })
  })

  it('persists an update, and null restores the default system prompt', async () => {
    const session = await newSession()
    await call(session, '/settings', {
      method: 'PUT',
      body: { system_prompt: 'Be terse.', reminders: ['Cite.'] },
    })
    expect(await (await call(session, '/settings')).json()).toMatchObject({
      system_prompt: 'Be terse.',
      reminders: ['Cite.'],
    })
    const res = await call(session, '/settings', { method: 'PUT', body: { system_prompt: null } })
    expect(await res.json()).toMatchObject({ system_prompt: null, reminders: ['Cite.'] })
  })

  it('rejects unknown fields and wrong types with 400', async () => {
    const session = await newSession()
    expect(
      (await call(session, '/settings', { method: 'PUT', body: { colour: 'red' } })).status,
    ).toBe(400)
    expect(
      (await call(session, '/settings', { method: 'PUT', body: { reminders: 'x' } })).status,
    ).toBe(400)
    expect((await call(session, '/settings', { method: 'PUT', body: {} })).status).toBe(400)
  })

  it('needs the session token', async () => {
    const session = await newSession()
    expect((await call(session, '/settings', { token: null })).status).toBe(401)
    expect((await call(session, '/settings', { token: 'wrong-token' })).status).toBe(403)
  })
})

describe('file routes', () => {
  it('stores a JSON text upload with a token count that matches gpt-tokenizer', async () => {
    const session = await newSession()
    const text = '# Field notes\n\nSoil moisture fell by 12% after the heatwave — see plot 3.'
    const res = await call(session, '/files', {
      body: { name: 'notes.md', content_type: 'text/markdown', text },
    })
    expect(res.status).toBe(201)
    const { file } = await res.json<{ file: Record<string, unknown> }>()
    expect(file).toMatchObject({
      name: 'notes.md',
      kind: 'text',
      scope: 'message',
      tokens: gptTokenizerCount(text),
    })
    const list = await (await call(session, '/files')).json<{ files: { id: string }[] }>()
    expect(list.files.map((f) => f.id)).toEqual([file.id])
  })

  it('accepts a multipart upload and a base64 project file', async () => {
    const session = await newSession()
    const form = new FormData()
    form.append('file', new File(['plain words here'], 'a.txt', { type: 'text/plain' }))
    const multipart = await call(session, '/files', { raw: form })
    expect(multipart.status).toBe(201)
    const encoded = btoa('project plan text')
    const json = await call(session, '/files', {
      body: {
        name: 'plan.txt',
        content_base64: encoded,
        content_type: 'text/plain',
        scope: 'project',
      },
    })
    expect(await json.json()).toMatchObject({
      file: { scope: 'project', tokens: gptTokenizerCount('project plan text') },
    })
  })

  it('stores a file name without the control characters it was sent with', async () => {
    const session = await newSession()
    const res = await call(session, '/files', {
      body: { name: 'notes\u0000\u001b[2J.md', text: 'plain text' },
    })
    expect(res.status).toBe(201)
    const { files } = await (await call(session, '/files')).json<{ files: { name: string }[] }>()
    expect(files.map((file) => file.name)).toEqual(['notes [2J.md'])
  })

  it('refuses a file too large for the context with 413, the count and the limit, and stores nothing', async () => {
    const session = await newSession()
    const text = 'word '.repeat(70_000)
    const res = await call(session, '/files', { body: { name: 'big.txt', text } })
    expect(res.status).toBe(413)
    const body = await res.json<{
      error: { code: string; details: { tokens: number; limit: number } }
    }>()
    expect(body.error.code).toBe('too_large')
    expect(body.error.details).toEqual({ tokens: gptTokenizerCount(text), limit: 64_000 })
    expect(await (await call(session, '/files')).json()).toEqual({ files: [] })
  })

  it('rejects an unsupported type and a body with both text and base64', async () => {
    const session = await newSession()
    expect(
      (
        await call(session, '/files', {
          body: { name: 'x.zip', content_type: 'application/zip', content_base64: 'UEsDBA==' },
        })
      ).status,
    ).toBe(400)
    expect(
      (
        await call(session, '/files', {
          body: { name: 'x.txt', text: 'a', content_base64: 'YQ==' },
        })
      ).status,
    ).toBe(400)
  })
})

describe('message route (offline)', () => {
  it('returns the saved message as JSON, labelled offline', async () => {
    const session = await newSession()
    const res = await call(session, '/messages', {
      body: { message: 'What is known about soil moisture?' },
    })
    expect(res.status).toBe(200)
    const body = await res.json<{
      message: { role: string; content: string; data: Record<string, unknown> }
      mode: string
    }>()
    expect(body.mode).toBe('offline')
    expect(body.message.role).toBe('assistant')
    expect(body.message.content).toContain('Offline mode')
    expect(body.message.data).toMatchObject({
      kind: 'turn_answer',
      mode: 'offline',
      stopped: false,
    })
  })

  it('streams packets as SSE when asked, ending with done', async () => {
    const session = await newSession()
    const res = await call(session, '/messages', {
      body: { message: 'What is known about soil moisture?' },
      accept: 'text/event-stream',
    })
    expect(res.headers.get('Content-Type')).toContain('text/event-stream')
    const packets = await readSse(res)
    expect(packets[0]).toMatchObject({ type: 'tool_call', name: 'search_corpus', turn_index: 0 })
    expect(packets.at(-1)).toMatchObject({ type: 'done' })
    const tokens = packets.filter((p) => p.type === 'token')
    expect(tokens.length).toBeGreaterThan(0)
    expect(tokens.every((p) => p.turn_index === 1)).toBe(true)
  })

  it('streams text/plain with a final [[DONE]] line when asked', async () => {
    const session = await newSession()
    const res = await call(session, '/messages', {
      body: { message: 'What is known about soil moisture?' },
      accept: 'text/plain',
    })
    const text = await res.text()
    expect(text).toContain('Offline mode')
    expect(text.trim().split('\n').at(-1)).toMatch(/^\[\[DONE\]\] \{/)
  })

  it('shows the turn in the session history in rich form', async () => {
    const session = await newSession()
    await call(session, '/messages', { body: { message: 'first question' } })
    const { messages } = await describeSession(session)
    expect(messages.map((m) => m.role)).toEqual(['user', 'assistant'])
    expect(messages[0]?.data).toMatchObject({ kind: 'turn_user', files: [] })
    expect(messages[1]?.data).toMatchObject({
      kind: 'turn_answer',
      cycles: [{ tool_calls: [{ name: 'search_corpus' }] }, {}],
    })
  })

  it('attaches an uploaded file and records it on the user message', async () => {
    const session = await newSession()
    const upload = await call(session, '/files', {
      body: { name: 'n.md', text: 'Moisture sensors drifted in March.' },
    })
    const { file } = await upload.json<{ file: { id: string } }>()
    await call(session, '/messages', { body: { message: 'What drifted?', file_ids: [file.id] } })
    const { messages } = await describeSession(session)
    expect(messages[0]?.data).toMatchObject({ files: [{ id: file.id, name: 'n.md', document: 1 }] })
    expect(messages[1]?.content).toContain('Moisture sensors drifted in March [1].')
  })

  it('rejects unknown file ids, a missing message and a missing token', async () => {
    const session = await newSession()
    expect(
      (await call(session, '/messages', { body: { message: 'q', file_ids: ['nope'] } })).status,
    ).toBe(400)
    expect((await call(session, '/messages', { body: { message: '' } })).status).toBe(400)
    expect(
      (await call(session, '/messages', { body: { message: 'q', tools: ['rm_rf'] } })).status,
    ).toBe(400)
    expect((await call(session, '/messages', { body: { message: 'q' }, token: null })).status).toBe(
      401,
    )
  })
})
