import { generateKeyPairSync } from 'node:crypto'
import { readFileSync, rmSync } from 'node:fs'
import { createServer, type Server } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseConnectUri, signInWithFetch } from '@keyframe/dev-fixtures'
import { SOCIAL_PROVIDERS } from '@keyframe/protocol/core'
import { SOCIAL_CALLBACK_PATH } from '@keyframe/protocol/frame-api/social'
import { createPublicClient, formatEther, http } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { createSiweMessage } from 'viem/siwe'
import { expect, test } from 'vitest'
import { startStack } from './startStack.ts'

const answers = async (url: string) => {
  try {
    await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })
    return true
  } catch {
    return false
  }
}

const listen = (port = 0) =>
  new Promise<Server>((resolve) => {
    const server = createServer()
    server.listen(port, '127.0.0.1', () => resolve(server))
  })
const portOf = (server: Server) => (server.address() as { port: number }).port
const closeServer = (server: Server) => new Promise((done) => server.close(done))

// The frame server's first start (an in-memory database, migrated) takes seconds, more on a busy machine.
test('the stack runs both chains, the faucet, chain-api, the WalletConnect and Farcaster relays and the social providers’ stand-in, gives them to the dApp and the frame, and stops them on close', {
  timeout: 120_000,
}, async () => {
  const logFile = join(tmpdir(), `keyframe-stack-${process.pid}-${Date.now()}.jsonl`)
  // A developer's own dApp (`npm start -- --origin http://localhost:3000`).
  const ownDapp = 'http://localhost:3000'
  const stack = await startStack({ approvalTimeoutMs: 5_000, logFile, extraOrigins: [ownDapp] })
  try {
    expect(stack.chains.map((chain) => chain.chainId)).toEqual([31337, 31338])
    expect(stack.faucetUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)

    const html = await (await fetch(stack.dappUrl)).text()
    const json = /<script type="application\/json" id="keyframe-demo-config">(.*?)<\/script>/.exec(html)?.[1]
    expect(JSON.parse(json!)).toEqual({
      projectId: stack.projectId,
      frameUrl: stack.frameUrl,
      chains: stack.chains,
      faucetUrl: stack.faucetUrl,
      chainApiUrl: stack.chainApiUrl,
      walletConnect: { relayUrl: stack.relayUrl },
    })

    // The frame gets the chains (without tokens) and the approval timeout.
    const frameHtml = await (await fetch(`${stack.frameUrl}?projectId=${stack.projectId}`)).text()
    const frameJson = /<script type="application\/json" id="keyframe-config">(.*?)<\/script>/.exec(
      frameHtml,
    )?.[1]
    expect(JSON.parse(frameJson!)).toMatchObject({
      allowedOrigins: expect.arrayContaining([stack.dappOrigin, ownDapp]),
      approvalTimeoutMs: 5_000,
      chains: stack.chains.map(({ chainId, name, rpcUrl, nativeCurrency }) => ({
        id: chainId,
        name,
        rpcUrl,
        nativeCurrency,
      })),
    })

    const response = await fetch(`${stack.faucetUrl}/fund`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: stack.dappOrigin },
      body: JSON.stringify({ address: '0x000000000000000000000000000000000000beef' }),
    })
    expect(response.headers.get('access-control-allow-origin')).toBe(stack.dappOrigin)
    expect(await response.json()).toEqual({ funded: true })
    // chain-api serves both chains to the dApp's origin and refuses other origins.
    const supported = await fetch(
      `${stack.chainApiUrl}/v1/supported-chains?projectId=${stack.projectId}&st=keyframe&sv=test`,
      { headers: { origin: stack.dappOrigin } },
    )
    expect(supported.headers.get('access-control-allow-origin')).toBe(stack.dappOrigin)
    expect(await supported.json()).toEqual({ http: ['eip155:31337', 'eip155:31338'], ws: [] })
    const foreign = await fetch(
      `${stack.chainApiUrl}/v1/supported-chains?projectId=${stack.projectId}&st=keyframe&sv=test`,
      { headers: { origin: 'https://elsewhere.example' } },
    )
    expect(foreign.status).toBe(403)
    // The extra origin may embed the frame (frame-ancestors; the bridge's allowlist above) and call the faucet
    // and chain-api; an origin not listed may not.
    const frameResponse = await fetch(`${stack.frameUrl}?projectId=${stack.projectId}`)
    const ancestors = /frame-ancestors ([^;]*)/.exec(
      frameResponse.headers.get('content-security-policy') ?? '',
    )
    expect(ancestors?.[1]?.split(' ')).toContain(ownDapp)
    expect(ancestors?.[1]?.split(' ')).not.toContain('https://elsewhere.example')
    for (const origin of [ownDapp, 'https://elsewhere.example']) {
      const api = await fetch(
        `${stack.chainApiUrl}/v1/supported-chains?projectId=${stack.projectId}&st=keyframe&sv=test`,
        { headers: { origin } },
      )
      const faucet = await fetch(`${stack.faucetUrl}/fund`, { method: 'OPTIONS', headers: { origin } })
      const allowed = origin === ownDapp
      expect([api.status, faucet.headers.get('access-control-allow-origin')], origin).toEqual(
        allowed ? [200, ownDapp] : [403, null],
      )
    }

    const sources = readFileSync(logFile, 'utf8')
      .trim()
      .split('\n')
      .map((line) => (JSON.parse(line) as { source: string }).source)
    expect(sources).toContain('faucet')
    expect(sources).toContain('chain')
    expect(sources).toContain('chain-api')
    // The relay is a WebSocket endpoint; a plain request gets its notice (426).
    expect(await answers(stack.relayUrl.replace(/^ws:/, 'http:'))).toBe(true)

    // Farcaster: the dev project's login opens a channel on the stack's relay for the frame's host, and the
    // relay's page offers the dev fids.
    const { publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' })
    const devicePublicKey = publicKey
      .export({ format: 'der', type: 'spki' })
      .subarray(-65)
      .toString('base64url')
    const farcaster = await fetch(`${stack.frameOrigin}/api/auth/farcaster/start`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: stack.frameOrigin },
      body: JSON.stringify({ projectId: stack.projectId, devicePublicKey }),
    })
    const connectUri = parseConnectUri(((await farcaster.json()) as { url: string }).url)
    expect(connectUri).toMatchObject({
      domain: new URL(stack.frameOrigin).host,
      siweUri: `${stack.frameOrigin}/`,
    })
    const channel = await fetch(`${stack.farcasterRelayUrl}/v1/channel/status`, {
      headers: { authorization: `Bearer ${connectUri.channelToken}` },
    })
    expect(channel.status).toBe(202)
    const devPage = await (await fetch(stack.farcasterRelayUrl)).text()
    for (const dev of stack.farcasterFids) expect(devPage).toContain(`@${dev.username} (fid ${dev.fid}`)

    // Social: the dev project offers the six providers, played by the stand-in, which sends the person back to
    // the frame's callback (its registered redirect URI), where the code becomes a ticket.
    expect(JSON.parse(frameJson!).logins).toEqual(expect.arrayContaining([...SOCIAL_PROVIDERS, 'farcaster']))
    const social = await fetch(`${stack.frameOrigin}/api/auth/social/start`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: stack.frameOrigin },
      body: JSON.stringify({
        projectId: stack.projectId,
        provider: 'github',
        devicePublicKey,
        parentOrigin: stack.dappOrigin,
      }),
    })
    const { uri } = (await social.json()) as { uri: string }
    expect(uri.startsWith(`${stack.oidc.issuers.github}/`)).toBe(true)
    const callback = await signInWithFetch(uri, { login: 'alice' })
    expect(callback.origin + callback.pathname).toBe(`${stack.frameOrigin}${SOCIAL_CALLBACK_PATH}`)
    // The callback page holds a ticket for the frame (never in the done URI the dApp page hears).
    const page = await (await fetch(callback)).text()
    expect(page).toMatch(/"ticket":"[A-Za-z0-9_-]{43}"/)
    expect(page).toContain(`"uri":"${stack.frameOrigin}/social/done"`)

    // The dApp site serves the example SIWX backend on its own origin, verifying on the stack's chains.
    const nonce = await (await fetch(`${stack.dappOrigin}/siwx/nonce`)).text()
    const signer = privateKeyToAccount(generatePrivateKey())
    const message = createSiweMessage({
      address: signer.address,
      chainId: 31338,
      domain: new URL(stack.dappOrigin).host,
      uri: stack.dappOrigin,
      version: '1',
      nonce,
      statement: 'Sign in to the demo.',
      issuedAt: new Date(),
    })
    const verified = await fetch(`${stack.dappOrigin}/siwx/verify`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: stack.dappOrigin },
      body: JSON.stringify({ message, signature: await signer.signMessage({ message }) }),
    })
    expect(await verified.json()).toEqual({ address: signer.address, chainId: 31338 })
    const cookie = verified.headers.get('set-cookie')?.split(';')[0] ?? ''
    const session = await fetch(`${stack.dappOrigin}/siwx/session`, { headers: { cookie } })
    expect(await session.json()).toEqual({ address: signer.address, chainId: 31338 })

    const address = '0x000000000000000000000000000000000000f00d'
    await stack.fund(address)
    for (const chain of stack.chains) {
      const client = createPublicClient({ transport: http(chain.rpcUrl) })
      expect(formatEther(await client.getBalance({ address }))).toBe('100')
    }
  } finally {
    await stack.close()
    rmSync(logFile, { force: true })
  }
  for (const url of [
    ...stack.chains.map((chain) => chain.rpcUrl),
    `${stack.faucetUrl}/fund`,
    stack.frameOrigin,
    stack.chainApiUrl,
    stack.relayUrl.replace(/^ws:/, 'http:'),
    stack.farcasterRelayUrl,
    stack.oidc.url,
  ]) {
    expect(await answers(url), url).toBe(false)
  }
})

test('a failed start stops what already started', async () => {
  // Free ports for the dApp, the relay and the first anvil; the second anvil's port is taken.
  const [dapp, relay, anvil, taken] = await Promise.all([listen(), listen(), listen(), listen()])
  const [dappPort, relayPort, anvilPort] = [portOf(dapp), portOf(relay), portOf(anvil)]
  await Promise.all([closeServer(dapp), closeServer(relay), closeServer(anvil)])
  try {
    await expect(startStack({ dappPort, relayPort, anvilPorts: [anvilPort, portOf(taken)] })).rejects.toThrow(
      /exited before listening/,
    )
    expect(await answers(`http://127.0.0.1:${anvilPort}`)).toBe(false)
    expect(await answers(`http://127.0.0.1:${dappPort}`)).toBe(false)
    expect(await answers(`http://127.0.0.1:${relayPort}`)).toBe(false)
  } finally {
    await closeServer(taken)
  }
})
