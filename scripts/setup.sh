#!/usr/bin/env bash
# Installs what the project needs on a fresh machine and builds it. Safe to run again.
set -euo pipefail
cd "$(dirname "$0")/.."
export TURBO_TELEMETRY_DISABLED=1

# npm packages, exactly as locked. Re-run only when the lockfile changed since the last install.
stamp=node_modules/.keyframe-lock
if [ ! -f "$stamp" ] || ! cmp -s package-lock.json "$stamp"; then
  npm ci --no-audit --no-fund
  cp package-lock.json "$stamp"
fi

# Debian's Chromium for the browser suites (never a downloaded browser build).
if [ "${KEYFRAME_SKIP_CHROMIUM:-}" != 1 ] && [ ! -x /usr/bin/chromium ]; then
  if [ "$(id -u)" = 0 ]; then SUDO=; else SUDO=sudo; fi
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium >/dev/null
fi

# Debian's Firefox ESR and WebKitGTK for the cross-engine suite (e2e/engines): WebKitWebDriver (MiniBrowser
# comes with it) has no headless mode, so Xvfb and a window manager (without one no window gets the focus).
missing=()
for pair in firefox-esr:/usr/bin/firefox-esr webkit2gtk-driver:/usr/bin/WebKitWebDriver xvfb:/usr/bin/Xvfb \
  matchbox-window-manager:/usr/bin/matchbox-window-manager; do
  [ -x "${pair#*:}" ] || missing+=("${pair%%:*}")
done
if [ "${KEYFRAME_SKIP_ENGINES:-}" != 1 ] && [ ${#missing[@]} -gt 0 ]; then
  if [ "$(id -u)" = 0 ]; then SUDO=; else SUDO=sudo; fi
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

# Debian's HAProxy: the scale-out e2e runs two instances of each server behind it.
if [ ! -x /usr/sbin/haproxy ]; then
  if [ "$(id -u)" = 0 ]; then SUDO=; else SUDO=sudo; fi
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends haproxy >/dev/null
fi

npx turbo run build --output-logs=errors-only
