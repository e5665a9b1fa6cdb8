import type { Social } from '@keyframe/protocol/core'
import type { FramePromptKind } from '../core/prompt.ts'
import type { ViewName } from '../core/router.ts'

/** The header title of each view. */
export const VIEW_TITLES: Record<ViewName, string> = {
  Connect: 'Connect',
  ConnectingSiwe: 'Sign in',
  ConnectingFarcaster: 'Farcaster',
  ConnectingExternal: 'Connecting',
  ConnectingWalletConnect: 'WalletConnect',
  UnsupportedChain: 'Switch network',
  Account: 'Account',
  SIWXSignMessage: 'Sign in',
  ApproveTransaction: 'Approve transaction',
  RegisterAccountName: 'Choose a name',
  RegisterAccountNameSuccess: 'Name registered',
  EmailVerifyOtp: 'Confirm your e-mail',
  EmailVerifyDevice: 'Register this device',
  UpdateEmail: 'Update e-mail',
  UpdateEmailPrimaryOtp: 'Confirm current e-mail',
  UpdateEmailSecondaryOtp: 'Confirm new e-mail',
  FramePrompt: 'Recovery passphrase',
  Networks: 'Choose network',
  Send: 'Send',
  Receive: 'Receive',
  Swap: 'Swap',
  Buy: 'Buy crypto',
  ConnectingSocial: 'Log in',
  AllWallets: 'Connect a wallet',
}

/** The header title of FramePrompt, by what the frame asks for (VIEW_TITLES' is the passphrase's). */
export const FRAME_PROMPT_TITLES: Record<FramePromptKind, string> = {
  create_passphrase: VIEW_TITLES.FramePrompt,
  enter_passphrase: VIEW_TITLES.FramePrompt,
  enter_code: "Confirm it's you",
  login_code: VIEW_TITLES.EmailVerifyOtp,
  current_email_code: VIEW_TITLES.UpdateEmailPrimaryOtp,
  new_email_code: VIEW_TITLES.UpdateEmailSecondaryOtp,
}

/** Button labels of the social logins (SPEC §9 order comes from SOCIALS). */
export const SOCIAL_LABELS: Record<Social, string> = {
  google: 'Google',
  x: 'X',
  discord: 'Discord',
  farcaster: 'Farcaster',
  github: 'GitHub',
  apple: 'Apple',
  facebook: 'Facebook',
}
