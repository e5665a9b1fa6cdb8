import { createKeyframe } from '@keyframe/sdk'
import { readConfig } from './config.ts'

const { projectId, frameUrl, chains } = readConfig()
const keyframe = createKeyframe({ projectId, frameUrl, networks: chains })

document.getElementById('connect')?.addEventListener('click', () => void keyframe.open())
