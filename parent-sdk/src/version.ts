/** Version of `@keyframe/sdk`, sent to the frame in SYNC_DAPP_DATA. Kept equal to package.json by a test. */
export const SDK_VERSION = '0.1.0'
