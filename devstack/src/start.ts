import { parseOrigins } from './origins.ts'
import { repoRoot } from './paths.ts'

// `npm start -- --origin http://localhost:3000`: your own dApp's origins, besides the demo's. Read before
// the stack's modules load, so a typo fails at once.
let extraOrigins: string[]
try {
  extraOrigins = parseOrigins(process.argv.slice(2), process.env.KEYFRAME_ORIGINS)
} catch (error) {
  console.error(`npm start: ${(error as Error).message}`)
  process.exit(1)
}
const { startStack } = await import('./startStack.ts')

const dappPort = Number(process.env.DAPP_PORT ?? 5173)
const framePort = Number(process.env.FRAME_PORT ?? 5174)

const stack = await startStack({
  dappPort,
  framePort,
  dataDir: process.env.PGLITE_DIR ?? `${repoRoot}/.data/pglite`,
  smtpPort: Number(process.env.SMTP_PORT ?? 2525),
  mailboxPort: Number(process.env.MAILBOX_PORT ?? 5175),
  anvilPorts: [Number(process.env.ANVIL_PORT ?? 8545), Number(process.env.ANVIL2_PORT ?? 8546)],
  faucetPort: Number(process.env.FAUCET_PORT ?? 5176),
  chainApiPort: Number(process.env.CHAIN_API_PORT ?? 5177),
  relayPort: Number(process.env.RELAY_PORT ?? 5178),
  farcasterRelayPort: Number(process.env.FARCASTER_RELAY_PORT ?? 5180),
  oidcPort: Number(process.env.OIDC_PORT ?? 5179),
  extraOrigins,
})
const chainLines = stack.chains
  .map((chain) => `${`  Chain ${chain.chainId}:`.padEnd(23)}${chain.rpcUrl}  (${chain.name})`)
  .join('\n')
const contracts = [
  ...stack.chains[0]!.tokens.map((token) => `${token.symbol} ${token.address}`),
  `KFNFT ${stack.chains[0]!.nft}`,
].join(', ')
const uniswap = stack.chains.find((chain) => chain.uniswap)?.uniswap
console.log(`
  Keyframe is running.

  Demo dApp (React):   ${stack.dappUrl}
  Demo dApp (vanilla): ${stack.dappUrl}vanilla.html
  Frame origin:        ${stack.frameOrigin}  (project "${stack.projectId}")
  Your dApp origins:   ${extraOrigins.length > 0 ? extraOrigins.join(', ') : 'none (add one: npm start -- --origin http://localhost:3000)'}
  Mailbox (dev mail):  ${stack.mail.httpUrl}/
${chainLines}
  Faucet:              ${stack.faucetUrl}/fund  (POST { "address": "0x…" })
  Chain API:           ${stack.chainApiUrl}  (projectId "${stack.projectId}"; try ${stack.chainApiUrl}/v1/supported-chains?projectId=${stack.projectId}&st=keyframe&sv=dev)
  WalletConnect relay: ${stack.relayUrl}  (local, for development only; the demo's walletConnect.relayUrl)
  Farcaster relay:     ${stack.farcasterRelayUrl}  (local; open it to play the Farcaster app: ${stack.farcasterFids.map((dev) => `@${dev.username} fid ${dev.fid}`).join(', ')})
  Social logins:       ${stack.oidc.url}  (local stand-in for Google, GitHub, Apple, Facebook, X, Discord: log in as any name, e.g. alice, alice+unverified, alice+noemail)
  Contracts:           ${contracts}  (same on both chains)
${uniswap ? `  Uniswap V2 (31337):  router ${uniswap.router}, factory ${uniswap.factory}, WETH ${uniswap.weth}\n` : ''}
  Open ${stack.dappUrl} and press "Connect". Ctrl+C stops everything.
`)

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void stack.close().then(() => process.exit(0))
  })
}
