import {
  type Account,
  createKeyframe,
  disconnect,
  getAccount,
  getEmbeddedProvider,
  watchAccount,
} from '@keyframe/sdk'

type ChainConfig = {
  chainId: number
  name: string
  rpcUrl: string
  nativeCurrency: { name: string; symbol: string; decimals: number }
}
/** The deployment's settings, which the server that serves the page writes into it. */
type PageConfig = { projectId: string; frameUrl: string; chains: ChainConfig[] }

const byId = (id: string): HTMLElement => {
  const element = document.getElementById(id)
  if (!element) throw new Error(`No #${id}`)
  return element
}

const config = JSON.parse(byId('keyframe-demo-config').textContent ?? '') as PageConfig
const keyframe = createKeyframe({
  projectId: config.projectId,
  frameUrl: config.frameUrl,
  networks: config.chains.map((chain) => ({
    id: chain.chainId,
    name: chain.name,
    nativeCurrency: chain.nativeCurrency,
    rpcUrls: { default: { http: [chain.rpcUrl] } },
  })),
})

function show(account: Account) {
  byId('status').textContent = account.status
  byId('address').textContent = account.address ?? ''
  byId('email').textContent = account.user?.email ?? ''
  byId('account').hidden = !account.isConnected
  byId('connect').textContent = account.isConnected ? 'Account' : 'Connect'
  byId('sign').hidden = !account.isConnected
  byId('disconnect').hidden = !account.isConnected
}
show(getAccount(keyframe))
watchAccount(keyframe, { onChange: show })

const hex = (text: string) =>
  `0x${Array.from(new TextEncoder().encode(text), (byte) => byte.toString(16).padStart(2, '0')).join('')}`

byId('connect').addEventListener('click', () => void keyframe.open())
byId('disconnect').addEventListener('click', () => void disconnect(keyframe))
byId('sign').addEventListener('click', async () => {
  byId('error').textContent = ''
  try {
    const provider = getEmbeddedProvider(keyframe)
    const [address] = (await provider.request({ method: 'eth_requestAccounts' })) as string[]
    const signature = await provider.request({
      method: 'personal_sign',
      params: [hex(byId('message').textContent ?? ''), address],
    })
    byId('signature').textContent = String(signature)
  } catch (error) {
    byId('error').textContent = error instanceof Error ? error.message : String(error)
  }
})
