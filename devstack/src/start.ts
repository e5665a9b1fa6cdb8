import { repoRoot } from './paths.ts'
import { startStack } from './startStack.ts'

const dappPort = Number(process.env.DAPP_PORT ?? 5173)
const framePort = Number(process.env.FRAME_PORT ?? 5174)

const stack = await startStack({
  dappPort,
  framePort,
  dataDir: process.env.PGLITE_DIR ?? `${repoRoot}/.data/pglite`,
  smtpPort: Number(process.env.SMTP_PORT ?? 2525),
  mailboxPort: Number(process.env.MAILBOX_PORT ?? 5175),
})
console.log(`
  Keyframe is running.

  Demo dApp (React):   ${stack.dappUrl}
  Demo dApp (vanilla): ${stack.dappUrl}vanilla.html
  Frame origin:        ${stack.frameOrigin}  (project "${stack.projectId}")
  Mailbox (dev mail):  ${stack.mail.httpUrl}/

  Open ${stack.dappUrl} and press "Connect". Ctrl+C stops everything.
`)

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void stack.close().then(() => process.exit(0))
  })
}
