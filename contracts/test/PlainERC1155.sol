// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {ERC1155} from "@openzeppelin/contracts/token/ERC1155/ERC1155.sol";

/// @title PlainERC1155 (test only)
/// @notice An ERC-1155 without ERC-2981 royalties and without tokenCount(), to test the marketplace with
///         collections it did not create.
contract PlainERC1155 is ERC1155 {
    /// @notice Mints `amount` of `id` to the deployer.
    /// @param id Token id.
    /// @param amount Units.
    constructor(uint256 id, uint256 amount) ERC1155("") {
        _mint(msg.sender, id, amount, "");
    }
}
