/**
 * `@keyframe/frame/server`: the frame server, for devstack, e2e, bench and deployments.
 * @module
 */
export { type AppType, createFrameApp, type ErrorBody, type FrameAppOptions } from './app.ts'
export { type FrameChain, parseChains, rpcOrigins } from './chains.ts'
export { DEV_PROJECT, loadProjects, type Project, type ProjectInput, parseProjects } from './config.ts'
export { randomSecrets, type ServerSecrets } from './crypto/keys.ts'
export { type CreateDatabaseOptions, createDatabase, type Database } from './db/createDatabase.ts'
export { ConfigError, loadServerConfig, type ServerConfig } from './env.ts'
export { type FrameAncestorsMode, frameContentSecurityPolicy, PERMISSIONS_POLICY } from './headers.ts'
export { LIMITS } from './limits.ts'
export { createLogger, type Logger } from './logger.ts'
export { createMailer, type Mailer } from './mail/createMailer.ts'
export { addProject, getProject, importProjects, listProjects, setProjectOrigins } from './projects/store.ts'
export {
  DEFAULT_WEB_ROOT,
  type FrameServer,
  type StartFrameServerOptions,
  startFrameServer,
} from './serve.ts'
