/**
 * `@keyframe/frame/server`: the frame server, for devstack, e2e, bench and deployments.
 * @module
 */
export { type AppType, createFrameApp, type ErrorBody, type FrameAppOptions } from './app.ts'
export { DEFAULT_PROJECTS_FILE, loadProjects, type Project, parseProjects } from './config.ts'
export { type FrameAncestorsMode, frameContentSecurityPolicy, PERMISSIONS_POLICY } from './headers.ts'
export {
  DEFAULT_WEB_ROOT,
  type FrameServer,
  type StartFrameServerOptions,
  startFrameServer,
} from './serve.ts'
