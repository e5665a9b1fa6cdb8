/** Debian's Chromium, started the way that works offline on these machines (see shared/STACK.md). */
export const chromiumLaunchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    // Pages the suites stand up by route (a hostile origin, any dApp origin an operator allows) have no
    // address, so Chromium counts them as public and would refuse their frames on loopback.
    '--disable-features=LocalNetworkAccessChecks',
  ],
}
