// Registers paper chat as SessionDO run kind 'papers-chat' when this folder is loaded.
import { registerRunner } from '../session'
import { runPaperChat } from './chat'
import { chatInputSchema } from './schemas'

registerRunner('papers-chat', runPaperChat, chatInputSchema)
