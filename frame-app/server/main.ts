/**
 * `npm start -w frame-app`: serves the built frame. PORT (default 5174), HOST (default localhost),
 * KEYFRAME_PROJECTS_FILE (default frame-app/projects.dev.json).
 */
import { loadProjects } from './config.ts'
import { startFrameServer } from './serve.ts'

const projects = await loadProjects()
const server = await startFrameServer({
  projects,
  port: Number(process.env.PORT ?? 5174),
  hostname: process.env.HOST || 'localhost',
})
console.log(`Keyframe frame server on ${server.url}`)
for (const project of projects) {
  console.log(
    `  ${project.id}: ${server.url}/frame?projectId=${project.id}  (allows ${project.allowedOrigins.join(', ')})`,
  )
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void server.close().then(() => process.exit(0))
  })
}
