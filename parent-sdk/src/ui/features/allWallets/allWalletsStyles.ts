/**
 * The All-wallets view's styles, shipped in its chunk. The list scrolls on its own so the search field stays
 * in view; its rows are the modal's wallet rows (`.kf-wallets`, `.kf-wallet`).
 */
export const allWalletsStyles = /* css */ `
.kf-all-wallets { max-height: min(420px, calc(100vh - 220px)); overflow-y: auto; margin: 0 -4px; padding: 2px 4px; }
a.kf-wallet { text-decoration: none; color: inherit; }
.kf-all-wallets-search .kf-input { width: 100%; box-sizing: border-box; }
.kf-all-wallets-more { display: flex; flex-direction: column; gap: 8px; }
`
