/**
 * What the login modules loaded on demand (social, Farcaster) use of the frame's first script, handed to
 * them as an argument rather than imported: a chunk loaded on demand that imports these entry modules itself
 * made rolldown split the entry into four files before READY (the budget test's "one file before READY").
 * @module
 */
import {
  SOCIAL_DONE_PATH,
  SOCIAL_ERROR_MESSAGES,
  socialError,
  socialTicket,
} from '@keyframe/protocol/frame-api/social'
import { accountOf, devicePublicKey, establishSession, getUser, thisDevice, warmUpLogin } from './session.ts'

export const loginKit = {
  accountOf,
  devicePublicKey,
  establishSession,
  getUser,
  thisDevice,
  warmUpLogin,
  SOCIAL_DONE_PATH,
  SOCIAL_ERROR_MESSAGES,
  socialError,
  socialTicket,
}
export type LoginKit = typeof loginKit
