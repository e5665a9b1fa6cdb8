/** Where this demo finds its frame: injected into the page by whoever serves it (devstack, e2e). */
export type DemoConfig = { projectId: string; frameUrl: string }

export function readDemoConfig(): DemoConfig {
  const el = document.getElementById('keyframe-demo-config')
  if (!el?.textContent) throw new Error('Demo config missing: serve the demo through `npm start`.')
  return JSON.parse(el.textContent) as DemoConfig
}

/** The demo's networks: the local anvil chains of the devstack. */
export const demoNetworks = [
  { id: 31337, name: 'Anvil' },
  { id: 31338, name: 'Anvil 2' },
]
