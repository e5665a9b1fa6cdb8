import { createKeyframe } from '@keyframe/sdk'
import { demoNetworks, readDemoConfig } from './config.ts'

const { projectId, frameUrl } = readDemoConfig()
const keyframe = createKeyframe({ projectId, frameUrl, networks: demoNetworks })
Object.assign(window, { keyframe })

const status = document.getElementById('status')!
const themeButton = document.getElementById('theme')!

keyframe.subscribe((state) => {
  status.textContent = state.open ? `Modal open (${state.view})` : 'Modal closed'
  themeButton.textContent = state.themeMode === 'dark' ? 'Light theme' : 'Dark theme'
})
document.getElementById('connect')!.addEventListener('click', () => void keyframe.open())
themeButton.addEventListener('click', () => {
  keyframe.setThemeMode(keyframe.getState().themeMode === 'dark' ? 'light' : 'dark')
})
