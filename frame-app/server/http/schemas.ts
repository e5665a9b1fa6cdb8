/**
 * Body fields shared by the API routes: the protocol's (`@keyframe/protocol/frame-api/fields`), where the
 * frame's client reads them too.
 * @module
 */
export * from '@keyframe/protocol/frame-api/fields'
