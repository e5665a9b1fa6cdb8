// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @title IdRegistry
/// @notice The part of Farcaster's IdRegistry that Sign In With Farcaster reads (`custodyOf`, `idOf`), for the
/// local dev chains, where it is placed with anvil_setCode at Farcaster's own address. `register` is a dev
/// shortcut: anyone registers any custody address (the real contract takes a signature and a fee).
contract IdRegistry {
    /// @notice The last fid handed out; fids start at 1.
    uint256 public idCounter;
    mapping(uint256 => address) public custodyOf;
    mapping(address => uint256) public idOf;

    event Register(address indexed to, uint256 indexed id, address recovery);

    error HasId();
    error InvalidCustody();

    /// @notice Gives `custody` the next fid; one fid per custody address, as in Farcaster.
    function register(address custody) external returns (uint256 fid) {
        if (custody == address(0)) revert InvalidCustody();
        if (idOf[custody] != 0) revert HasId();
        fid = ++idCounter;
        custodyOf[fid] = custody;
        idOf[custody] = fid;
        emit Register(custody, fid, address(0));
    }
}
