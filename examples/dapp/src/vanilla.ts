import { type Account, createKeyframe, disconnect, getAccount, watchAccount } from '@keyframe/sdk'
import { demoChains, demoFeatures, readDemoConfig } from './config.ts'

const config = readDemoConfig()
const keyframe = createKeyframe({
  projectId: config.projectId,
  frameUrl: config.frameUrl,
  chainApiUrl: config.chainApiUrl,
  walletConnect: config.walletConnect,
  features: demoFeatures(location.search),
  networks: demoChains(config),
})
Object.assign(window, { keyframe })

const byId = (id: string) => document.getElementById(id) as HTMLElement
const status = byId('status')
const themeButton = byId('theme')
const connectButton = byId('connect')
const disconnectButton = byId('disconnect')
const notice = byId('notice')

keyframe.subscribe((state) => {
  status.textContent = state.open ? `Modal open (${state.view})` : 'Modal closed'
  themeButton.textContent = state.themeMode === 'dark' ? 'Light theme' : 'Dark theme'
})

function showAccount(account: Account) {
  byId('account-status').textContent = account.status
  byId('account-address').textContent = account.address ?? ''
  byId('account-email').textContent = account.user?.email ?? ''
  for (const row of document.querySelectorAll<HTMLElement>('.when-connected'))
    row.hidden = !account.isConnected
  connectButton.textContent = account.isConnected ? 'Account' : 'Connect'
  disconnectButton.hidden = !account.isConnected
}
showAccount(getAccount(keyframe))
watchAccount(keyframe, { onChange: showAccount })

connectButton.addEventListener('click', () => void keyframe.open())
disconnectButton.addEventListener('click', () => {
  notice.hidden = true
  disconnect(keyframe).catch((error: unknown) => {
    // Disconnect ends this site's connection and keeps the login in the frame (the modal's Log out ends it);
    // an error here is the connector's own, and the page is disconnected all the same.
    notice.textContent = (error as Error).message
    notice.hidden = false
  })
})
themeButton.addEventListener('click', () => {
  keyframe.setThemeMode(keyframe.getState().themeMode === 'dark' ? 'light' : 'dark')
})
