// Registers the chat turn as SessionDO run kind 'turn' when this folder is loaded.
import { registerRunner } from '../session'
import { runTurn } from './run'
import { turnInputSchema } from './schemas'

registerRunner('turn', runTurn, turnInputSchema)
