// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @title SmartAccount
/// @notice A minimal contract account for sign-in tests: one owner key, and ERC-1271's isValidSignature saying
/// yes to a 65-byte signature by that key over the hash asked about. Not a wallet to hold anything in.
contract SmartAccount {
    address public immutable owner;

    constructor(address owner_) {
        owner = owner_;
    }

    /// @notice ERC-1271: 0x1626ba7e when `signature` is the owner's over `hash`, 0xffffffff otherwise.
    function isValidSignature(bytes32 hash, bytes calldata signature) external view returns (bytes4) {
        if (signature.length != 65) return 0xffffffff;
        bytes32 r = bytes32(signature[0:32]);
        bytes32 s = bytes32(signature[32:64]);
        uint8 v = uint8(signature[64]);
        address signer = ecrecover(hash, v, r, s);
        return signer != address(0) && signer == owner ? bytes4(0x1626ba7e) : bytes4(0xffffffff);
    }
}

/// @title SmartAccountFactory
/// @notice Deploys a SmartAccount per (owner, salt) with CREATE2, so its address is known before it exists:
/// what ERC-6492 signs for ("counterfactual" accounts), with `createAccount` as the deploy call it wraps.
contract SmartAccountFactory {
    /// @notice Deploys the account of `owner` and `salt` (or answers it when it exists already).
    function createAccount(address owner, bytes32 salt) external returns (address account) {
        account = getAddress(owner, salt);
        if (account.code.length == 0) new SmartAccount{salt: salt}(owner);
    }

    /// @notice Where the account of `owner` and `salt` is, or will be once created.
    function getAddress(address owner, bytes32 salt) public view returns (address) {
        bytes32 codeHash = keccak256(abi.encodePacked(type(SmartAccount).creationCode, abi.encode(owner)));
        return address(uint160(uint256(keccak256(abi.encodePacked(bytes1(0xff), address(this), salt, codeHash)))));
    }
}
