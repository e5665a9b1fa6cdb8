// Test harness, never the product: MetaMask's test dApp enables its buttons only for a provider flagged
// `isMetaMask`, so this init script sets that flag on the provider the Keyframe SDK announces (EIP-6963,
// rdns dev.keyframe) before the dApp hears the announcement. It also keeps every request the dApp makes
// through that provider and how it ended (`window.__testDappRequests`): the dApp shows many results only
// in its console, and the spec reads transaction hashes and error codes from here.
;(() => {
  if (!window.__keyframeTestDapp) return
  const requests = []
  Object.defineProperty(window, '__testDappRequests', { value: requests })
  window.addEventListener('eip6963:announceProvider', (event) => {
    const provider = event.detail?.provider
    if (event.detail?.info?.rdns !== 'dev.keyframe' || !provider || provider.isMetaMask) return
    provider.isMetaMask = true
    const request = provider.request
    provider.request = (args) => {
      const entry = { method: args?.method, params: args?.params, settled: false }
      requests.push(entry)
      return request.call(provider, args).then(
        (result) => {
          Object.assign(entry, { settled: true, result })
          return result
        },
        (error) => {
          Object.assign(entry, {
            settled: true,
            error: { code: error?.code, message: String(error?.message), data: error?.data },
          })
          throw error
        },
      )
    }
  })
})()
