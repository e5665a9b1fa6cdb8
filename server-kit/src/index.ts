/**
 * `@keyframe/server-kit`: what the Keyframe servers share (they share nothing at runtime).
 * @module
 */
export {
  type AdvisoryLock,
  type Database,
  type Db,
  type Migrations,
  type OpenDatabaseOptions,
  openDatabase,
} from './db/openDatabase.ts'
export { columnName, compileStatement, renderQuery, runNamed, type StatementValue } from './db/statements.ts'
export { type ErrorBody, fail, failRetryAfter } from './http/errors.ts'
export { SERVER_TIMEOUTS } from './http/serverTimeouts.ts'
export { issuesMessage, jsonBody, parseOrFail, queryParams } from './http/validate.ts'
export {
  type CreateLoggerOptions,
  createLogger,
  type LogFields,
  type Logger,
  type LogLevel,
  type Redaction,
  redactWith,
  scrubWith,
  silentLogger,
} from './log/createLogger.ts'
export { projectOriginCheck, projectOriginProblem } from './origins/projectOrigins.ts'
