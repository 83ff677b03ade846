// The share capability's session operations: create, list and revoke links, and read the
// transcript behind one (only while the link is active).
import { z } from 'zod'
import { NotFoundError } from '../errors'
import { defineOperation } from '../session'
import { insertShare, isShareActive, listShares, revokeShare, type ShareRow } from './share-store'
import { buildTranscript, transcriptCites, type SharedTranscript } from './transcript'

const shareIdSchema = z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, 'not a share id')

export const shareOperations = {
  create: defineOperation({
    name: 'share.create',
    input: z.object({
      share_id: shareIdSchema,
      expires_at: z.number().int().positive().nullable(),
    }),
    run: ({ store, now }, input): ShareRow =>
      insertShare(store.sql, { ...input, created_at: now() }),
  }),
  list: defineOperation<Record<string, never>, ShareRow[]>({
    name: 'share.list',
    input: z.object({}).strict(),
    run: ({ store }) => listShares(store.sql),
  }),
  revoke: defineOperation({
    name: 'share.revoke',
    input: z.object({ share_id: shareIdSchema }),
    run: ({ store, now }, { share_id }): { revoked: true } => {
      if (!revokeShare(store.sql, share_id, now())) throw new NotFoundError('No such share link')
      return { revoked: true }
    },
  }),
  /** Whether an active link's transcript cites a source (what a share viewer may open). */
  cites: defineOperation({
    name: 'share.cites',
    input: z.object({ share_id: shareIdSchema, source_id: z.string().min(1).max(200) }),
    run: ({ store, now }, { share_id, source_id }): boolean =>
      isShareActive(store.sql, share_id, now()) && transcriptCites(store.listMessages(), source_id),
  }),
  read: defineOperation({
    name: 'share.read',
    input: z.object({ share_id: shareIdSchema }),
    run: ({ store, now }, { share_id }): SharedTranscript => {
      // Revoked, expired and unknown links look the same from outside: 404.
      if (!isShareActive(store.sql, share_id, now())) throw new NotFoundError('No such share link')
      const messages = store.listMessages()
      return buildTranscript(messages, messages[0]?.createdAt ?? now())
    },
  }),
}
