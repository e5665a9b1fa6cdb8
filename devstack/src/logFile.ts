import { appendFileSync, mkdirSync } from 'node:fs'
import { dirname } from 'node:path'
import { createLogger, type Logger } from '@keyframe/frame/server'

/**
 * A logger that appends JSON lines to `file` (folders created), each tagged `source`. It is the frame
 * server's own logger (`createLogger`), so every line goes through the same redaction as in a deployment.
 * Lines are written synchronously: nothing is lost when a test run stops abruptly. A write never throws (a
 * log line must not fail the request it describes); a folder removed meanwhile is made again.
 */
export function fileLogger(file: string, source: string): Logger {
  const append = (text: string) => {
    mkdirSync(dirname(file), { recursive: true })
    appendFileSync(file, text)
  }
  return createLogger({
    write: (line) => {
      const text = `${JSON.stringify({ source, ...(JSON.parse(line) as object) })}\n`
      try {
        append(text)
      } catch (error) {
        console.error(`devstack: could not write the log file ${file}`, error)
      }
    },
  })
}
