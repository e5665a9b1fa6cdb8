// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @title SpamNFT
/// @notice An unsolicited ERC-721 "airdrop" for the local dev chains ("Claim Rewards Pass", CLAIM), the kind of
/// token a wallet should hide: the dev stack's chain-api lists it in `spamContracts`. Only the deployer mints; it
/// cannot be transferred (a spam token needs no more to show up in a wallet).
contract SpamNFT {
    string public constant name = "Claim Rewards Pass";
    string public constant symbol = "CLAIM";
    address public immutable owner;
    uint256 public totalSupply;
    mapping(uint256 => address) public ownerOf;
    mapping(address => uint256) public balanceOf;

    event Transfer(address indexed from, address indexed to, uint256 indexed tokenId);

    error OwnableUnauthorizedAccount(address account);

    constructor() {
        owner = msg.sender;
    }

    function supportsInterface(bytes4 interfaceId) external pure returns (bool) {
        return interfaceId == 0x01ffc9a7 || interfaceId == 0x80ac58cd;
    }

    function mint(address to) external returns (uint256 id) {
        if (msg.sender != owner) revert OwnableUnauthorizedAccount(msg.sender);
        id = ++totalSupply;
        ownerOf[id] = to;
        unchecked {
            balanceOf[to] += 1;
        }
        emit Transfer(address(0), to, id);
    }
}
