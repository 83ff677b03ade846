// Registers stage 1 as SessionDO run kind 'writing' when this folder is loaded.
import { registerRunner } from '../session'
import { writingInputSchema } from './schemas'
import { runWritingTurn } from './stage1'

registerRunner('writing', runWritingTurn, writingInputSchema)
