/** The embedded wallet's icon: a key on the accent colour, as a data: URI (EIP-6963 asks for RFC 2397). */
export const KEYFRAME_ICON =
  "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 32 32'%3E%3Crect width='32' height='32' rx='8' fill='%237b93ff'/%3E%3Ccircle cx='12' cy='16' r='5' fill='none' stroke='%230c0f1a' stroke-width='2.5'/%3E%3Cpath d='M17 16h9m-3 0v4m-3-4v3' stroke='%230c0f1a' stroke-width='2.5' stroke-linecap='round'/%3E%3C/svg%3E"

/** The embedded wallet's reverse-DNS id (EIP-6963 `rdns`); discovery skips it as not an external wallet. */
export const KEYFRAME_RDNS = 'dev.keyframe'
