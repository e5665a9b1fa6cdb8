export { chromiumLaunchOptions } from '@keyframe/dev-fixtures'

/** True for loopback hosts: tests never leave the machine. */
export function isLoopback(url: string): boolean {
  const { protocol, hostname } = new URL(url)
  if (protocol === 'data:' || protocol === 'blob:' || protocol === 'about:') return true
  return hostname === 'localhost' || hostname === '[::1]' || /^127\.\d+\.\d+\.\d+$/.test(hostname)
}
