/**
 * The helper processes WebKitGTK needs, started and stopped by the tests themselves: Xvfb on a display it
 * picks free (`-displayfd`), a window manager on it, WebKitWebDriver on a free port. Each start has a time limit, and each process
 * is stopped by its own pid (SIGTERM, then SIGKILL).
 * @module
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { createServer } from 'node:net'
import { withTimeout } from './driver.ts'

const START_MS = 15_000
const STOP_MS = 5_000

/** A port on 127.0.0.1 that was free a moment ago. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('No port')),
      )
    })
  })
}

/** Stops `child`: SIGTERM, then SIGKILL if it is still there after {@link STOP_MS}. */
export async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  child.kill('SIGTERM')
  try {
    await withTimeout(exited, STOP_MS, `${child.spawnfile} to exit`)
  } catch {
    child.kill('SIGKILL')
    await withTimeout(exited, STOP_MS, `${child.spawnfile} to exit after SIGKILL`).catch(() => {})
  }
}

/** Rejects when `child` fails to start or exits (while something waits for it). */
function failure(child: ChildProcess, what: string): Promise<never> {
  return new Promise((_, reject) => {
    child.once('error', (error) => reject(new Error(`${what} failed to start: ${error.message}`)))
    child.once('exit', (code, signal) => reject(new Error(`${what} exited (${code ?? signal})`)))
  })
}

export type Display = { display: string; stop(): Promise<void> }

/** Starts Xvfb on a free display (it writes the number it took to fd 3). */
export async function startXvfb(): Promise<Display> {
  const child = spawn('Xvfb', ['-displayfd', '3', '-screen', '0', '1280x1024x24', '-nolisten', 'tcp'], {
    stdio: ['ignore', 'ignore', 'pipe', 'pipe'],
  })
  let stderr = ''
  child.stderr?.on('data', (chunk) => {
    stderr += chunk
  })
  const number = new Promise<string>((resolve) => {
    let text = ''
    child.stdio[3]?.on('data', (chunk) => {
      text += chunk
      if (text.includes('\n')) resolve(text.trim())
    })
  })
  try {
    const display = await withTimeout(Promise.race([number, failure(child, 'Xvfb')]), START_MS, 'Xvfb')
    return { display: `:${display}`, stop: () => stopProcess(child) }
  } catch (error) {
    await stopProcess(child)
    throw new Error(`${(error as Error).message}\n${stderr}`)
  }
}

/**
 * Starts a window manager on `display`. Without one no window ever gets the keyboard focus (nothing gives it
 * out), so the approval popup, whose gate wants its window focused, could never be approved; with one, a new
 * window gets the focus as on a person's desktop.
 */
export async function startWindowManager(display: string): Promise<{ stop(): Promise<void> }> {
  const child = spawn('matchbox-window-manager', ['-use_titlebar', 'no'], {
    env: { ...process.env, DISPLAY: display },
    stdio: 'ignore',
  })
  // It has no "ready" signal: it must still be running a moment later (a bad display ends it at once).
  const settled = new Promise<void>((resolve) => setTimeout(resolve, 300))
  try {
    await withTimeout(
      Promise.race([settled, failure(child, 'matchbox-window-manager')]),
      START_MS,
      'the window manager',
    )
    return { stop: () => stopProcess(child) }
  } catch (error) {
    await stopProcess(child)
    throw error
  }
}

export type WebDriverServer = { port: number; stop(): Promise<void> }

/** Starts WebKitWebDriver on a free port of 127.0.0.1 on `display`; resolves once it answers /status. */
export async function startWebKitWebDriver(display: string): Promise<WebDriverServer> {
  const port = await freePort()
  const child = spawn('WebKitWebDriver', [`--port=${port}`, '--host=127.0.0.1'], {
    env: { ...process.env, DISPLAY: display },
    stdio: ['ignore', 'ignore', 'pipe'],
  })
  let stderr = ''
  child.stderr?.on('data', (chunk) => {
    stderr += chunk
  })
  let waiting = true
  const ready = (async () => {
    while (waiting) {
      try {
        const response = await fetch(`http://127.0.0.1:${port}/status`, {
          signal: AbortSignal.timeout(1_000),
        })
        if (response.ok) return
      } catch {
        // Not listening yet.
      }
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
  })()
  try {
    await withTimeout(Promise.race([ready, failure(child, 'WebKitWebDriver')]), START_MS, 'WebKitWebDriver')
    return { port, stop: () => stopProcess(child) }
  } catch (error) {
    await stopProcess(child)
    throw new Error(`${(error as Error).message}\n${stderr}`)
  } finally {
    waiting = false
  }
}
