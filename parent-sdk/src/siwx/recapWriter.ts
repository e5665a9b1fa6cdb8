/**
 * The ReCap writer createSiwx loads when a dApp asks for capabilities: a module of its own so that its `import()`
 * brings `withRecap` and what it uses, not the readers (parseRecap, readRecap) the frame and the verifier use.
 * @module
 */
export { withRecap } from '@keyframe/protocol/recap'
