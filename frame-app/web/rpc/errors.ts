/**
 * EIP-5792 (wallet_sendCalls) errors, with the EIP's codes and wording.
 * @module
 */
import { ProtocolError } from '@keyframe/protocol/core'

/** 5700 — the batch asks for a capability the wallet does not have and did not mark it optional. */
export class UnsupportedCapabilityError extends ProtocolError {
  override name = 'UnsupportedCapabilityError'
  static readonly code = 5700
  constructor(capability: string) {
    super(5700, `Unsupported non-optional capability: ${capability}`, { data: { capability } })
  }
}

/** 5720 — a batch with this id was already sent. */
export class DuplicateBatchIdError extends ProtocolError {
  override name = 'DuplicateBatchIdError'
  static readonly code = 5720
  constructor(id: string) {
    super(5720, `Duplicate ID: a batch with id "${id}" was already sent`, { data: { id } })
  }
}

/** 5730 — wallet_getCallsStatus for a batch this frame did not send. */
export class UnknownBundleIdError extends ProtocolError {
  override name = 'UnknownBundleIdError'
  static readonly code = 5730
  constructor(id: string) {
    super(5730, `Unknown bundle id: no batch "${id}" was sent from this wallet`, { data: { id } })
  }
}

/** 5760 — `atomicRequired: true`, and an EOA cannot run calls atomically. */
export class AtomicityNotSupportedError extends ProtocolError {
  override name = 'AtomicityNotSupportedError'
  static readonly code = 5760
  constructor() {
    super(5760, 'Atomicity not supported: this wallet sends the calls one by one')
  }
}
