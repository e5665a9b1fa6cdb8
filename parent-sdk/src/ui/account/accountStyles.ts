/** The Account view's styles (header, feature row, tabs, Tokens, NFTs), in a `<style>` of the view. */
export const accountStyles = /* css */ `
.kf-account-header { display: flex; flex-direction: column; align-items: center; gap: 6px; text-align: center; }
.kf-avatar { width: 56px; height: 56px; border-radius: 50%; object-fit: cover; display: block; }
.kf-account-name { margin: 4px 0 0; font-size: 17px; font-weight: 600; overflow-wrap: anywhere; }
.kf-account-balance { margin: 0; display: flex; flex-direction: column; align-items: center; gap: 2px; }
.kf-account-amount { font-size: 15px; font-weight: 500; }
.kf-account-usd { font-size: 13px; color: var(--kf-text-muted); }
.kf-account-controls { display: flex; flex-wrap: wrap; justify-content: center; gap: 6px; margin-top: 4px; }
/* The header's actions look like the network chip (which alone is .kf-chip: the network button). */
.kf-pill { padding: 2px 10px; border: 1px solid var(--kf-border); border-radius: 999px; background: transparent; color: var(--kf-text); font: inherit; cursor: pointer; }
.kf-pill:hover { background: var(--kf-surface-hover); }
.kf-account-controls .kf-chip, .kf-account-controls .kf-pill { min-height: 32px; font-size: 13px; text-decoration: none; display: inline-flex; align-items: center; }
.kf-features { display: grid; grid-template-columns: repeat(auto-fit, minmax(60px, 1fr)); gap: 8px; }
.kf-feature { flex-direction: column; gap: 4px; min-height: 60px; padding: 8px 4px; font-size: 13px; }
.kf-feature svg { width: 20px; height: 20px; }
.kf-tablist { display: flex; gap: 4px; padding: 4px; border-radius: var(--kf-radius-control); background: var(--kf-surface); }
.kf-tab {
  flex: 1; min-height: 36px; border: 0; border-radius: 9px; background: transparent;
  color: var(--kf-text-muted); font: inherit; font-weight: 500; cursor: pointer;
}
.kf-tab[aria-selected='true'] { background: var(--kf-bg); color: var(--kf-text); box-shadow: 0 1px 2px rgba(0, 0, 0, 0.15); }
.kf-tabpanel { margin-top: 10px; min-height: 96px; border-radius: var(--kf-radius-control); }
.kf-tokens, .kf-nfts { margin: 0; padding: 0; list-style: none; }
.kf-tokens { display: flex; flex-direction: column; }
.kf-token { display: flex; align-items: center; gap: 12px; padding: 10px 4px; border-bottom: 1px solid var(--kf-border); }
.kf-token:last-child { border-bottom: 0; }
.kf-token-icon {
  flex: none; width: 32px; height: 32px; border-radius: 50%; object-fit: cover;
  display: grid; place-items: center; background: var(--kf-surface-hover); font-weight: 600;
}
.kf-token-name { flex: 1; min-width: 0; font-weight: 500; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.kf-token-figures { display: flex; flex-direction: column; align-items: flex-end; text-align: right; }
.kf-token-usd { font-weight: 500; }
.kf-token-quantity { font-size: 13px; color: var(--kf-text-muted); }
.kf-nfts { display: grid; grid-template-columns: repeat(2, minmax(0, 1fr)); gap: 10px; }
.kf-nft { display: flex; flex-direction: column; gap: 6px; }
.kf-nft-preview { width: 100%; aspect-ratio: 1; border-radius: var(--kf-radius-control); background: var(--kf-surface); object-fit: cover; }
.kf-nft-name { font-size: 13px; overflow-wrap: anywhere; }
.kf-account-leave { display: flex; gap: 8px; flex-wrap: wrap; }
.kf-account-leave .kf-button { flex: 1 1 auto; }
`
