// The session operations registry: an operation a capability registers reaches SessionDO
// through the one generic RPC, persists in the session's storage, and fails as values.
import { afterEach, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { NotFoundError } from '../../workers/errors'
import { callOperation } from '../../workers/http'
import { defineOperation, unregisterOperation, type SessionStore } from '../../workers/session'
import { createSession } from './helpers'

/** A test capability's own table, created where it is used (as capabilities do). */
function notes(store: SessionStore): SqlStorage {
  store.sql.exec('CREATE TABLE IF NOT EXISTS test_notes (seq INTEGER PRIMARY KEY, text TEXT)')
  return store.sql
}

const addNote = defineOperation({
  name: 'test-notes.add',
  input: z.object({ text: z.string().min(1, 'must not be empty') }),
  run: ({ store }, { text }) => {
    notes(store).exec('INSERT INTO test_notes (text) VALUES (?)', text)
    return { count: notes(store).exec('SELECT seq FROM test_notes').toArray().length }
  },
})

const listNotes = defineOperation({
  name: 'test-notes.list',
  input: z.object({}),
  run: ({ store }) =>
    notes(store)
      .exec<{ text: string }>('SELECT text FROM test_notes ORDER BY seq')
      .toArray()
      .map((row) => row.text),
})

const missingNote = defineOperation({
  name: 'test-notes.missing',
  input: z.object({}),
  run: () => {
    throw new NotFoundError('No such note')
  },
})

afterEach(() => unregisterOperation('test-notes.temporary'))

describe('session operations', () => {
  it('reaches the DO through one RPC and persists in the session', async () => {
    const { stub } = await createSession()
    expect(await callOperation(stub, addNote, { text: 'first' })).toEqual({ count: 1 })
    expect(await callOperation(stub, addNote, { text: 'second' })).toEqual({ count: 2 })
    expect(await callOperation(stub, listNotes, {})).toEqual(['first', 'second'])
  })

  it('keeps each session’s state apart', async () => {
    const one = await createSession()
    const two = await createSession()
    await callOperation(one.stub, addNote, { text: 'only in one' })
    expect(await callOperation(two.stub, listNotes, {})).toEqual([])
  })

  it('refuses bad input with the field named and stores nothing', async () => {
    const { stub } = await createSession()
    await expect(callOperation(stub, addNote, { text: '' })).rejects.toMatchObject({
      status: 400,
      message: 'text: must not be empty',
    })
    expect(await callOperation(stub, listNotes, {})).toEqual([])
  })

  it('turns a capability’s AppError into the same error on the route side', async () => {
    const { stub } = await createSession()
    await expect(callOperation(stub, missingNote, {})).rejects.toMatchObject({
      status: 404,
      code: 'not_found',
    })
  })

  it('answers an unknown operation as a value, not an exception', async () => {
    const { stub } = await createSession()
    expect(await stub.operate('test-notes.nope', {})).toMatchObject({
      ok: false,
      code: 'unknown_operation',
    })
  })
})
