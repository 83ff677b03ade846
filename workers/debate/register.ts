// Registers the debate's run kind with the session registry (imported by index.ts).
import { registerRunner } from '../session'
import { runDebate } from './runner'
import { debateRunInputSchema } from './schemas'

registerRunner('debate', runDebate, debateRunInputSchema)
