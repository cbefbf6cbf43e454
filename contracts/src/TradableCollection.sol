// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {ERC1155} from "@openzeppelin/contracts/token/ERC1155/ERC1155.sol";
import {ERC2981} from "@openzeppelin/contracts/token/common/ERC2981.sol";
import {Strings} from "@openzeppelin/contracts/utils/Strings.sol";

/// @title TradableCollection
/// @notice An ERC-1155 collection of `tokenCount` token ids (1..tokenCount), each minted `supplyPerToken` times
///         to the creator at deployment, with ERC-2981 royalties that only the creator can lower or redirect.
/// @dev Metadata URI of token `id` is `baseURI + id + ".json"`, e.g. baseURI "ipfs://bafy.../" gives
///      "ipfs://bafy.../7.json" for token 7. No further minting is possible: supply is fixed forever.
contract TradableCollection is ERC1155, ERC2981 {
    using Strings for uint256;

    /// @notice Caller is not the creator of the collection.
    error Unauthorized();
    /// @notice A zero address was given where an account is required.
    error InvalidAddress();
    /// @notice Royalties may only be lowered (or kept), never raised.
    error RoyaltiesCannotIncrease();
    /// @notice howManyTokens and supplyPerToken must both be greater than zero.
    error InvalidSupply();

    /// @notice Emitted at deployment and whenever the royalty recipient or rate changes.
    event RoyaltiesChanged(address indexed recipient, uint96 basispoints);

    /// @notice Collection name (informational; ERC-1155 has no standard name).
    string public name;
    /// @notice Collection symbol (informational).
    string public symbol;
    /// @notice Prefix of every token's metadata URI.
    string public baseURI;
    /// @notice Number of token ids: ids run from 1 to tokenCount inclusive.
    uint256 public immutable tokenCount;
    /// @notice Units minted for each token id.
    uint256 public immutable supplyPerToken;
    /// @notice The account that created the collection and received every token.
    address public immutable creator;

    address private _royaltiesRecipient;
    uint96 private _royaltiesBasispoints;

    /// @notice Deploys the collection and mints ids 1..howManyTokens, supplyPerToken each, to `creator_`.
    /// @param name_ Collection name.
    /// @param symbol_ Collection symbol.
    /// @param howManyTokens Number of token ids (> 0).
    /// @param supplyPerToken_ Units per token id (> 0).
    /// @param baseURI_ Metadata URI prefix (see contract NatSpec for the URI format).
    /// @param royaltiesRecipient_ Receiver of ERC-2981 royalties (non-zero).
    /// @param royaltiesBasispoints_ Royalty rate in basis points (100 = 1%, at most 10000).
    /// @param creator_ The creator: receives all tokens and manages royalties. The factory passes its caller.
    constructor(
        string memory name_,
        string memory symbol_,
        uint256 howManyTokens,
        uint256 supplyPerToken_,
        string memory baseURI_,
        address royaltiesRecipient_,
        uint96 royaltiesBasispoints_,
        address creator_
    ) ERC1155("") {
        if (howManyTokens == 0 || supplyPerToken_ == 0) revert InvalidSupply();
        if (creator_ == address(0) || royaltiesRecipient_ == address(0)) revert InvalidAddress();
        name = name_;
        symbol = symbol_;
        baseURI = baseURI_;
        tokenCount = howManyTokens;
        supplyPerToken = supplyPerToken_;
        creator = creator_;
        _setRoyalties(royaltiesRecipient_, royaltiesBasispoints_);

        uint256[] memory ids = new uint256[](howManyTokens);
        uint256[] memory amounts = new uint256[](howManyTokens);
        for (uint256 i = 0; i < howManyTokens; ++i) {
            ids[i] = i + 1;
            amounts[i] = supplyPerToken_;
        }
        // One TransferBatch event (operator = deployer, from = 0, to = creator) covers the whole mint.
        _mintBatch(creator_, ids, amounts, "");
    }

    /// @notice Metadata URI of a token: `baseURI + tokenId + ".json"`.
    /// @param tokenId The token id.
    /// @return The URI string.
    function uri(uint256 tokenId) public view override returns (string memory) {
        return string.concat(baseURI, tokenId.toString(), ".json");
    }

    /// @notice Current royalty recipient.
    /// @return The address receiving royalties.
    function royaltiesRecipient() external view returns (address) {
        return _royaltiesRecipient;
    }

    /// @notice Current royalty rate in basis points.
    /// @return The rate (100 = 1%).
    function royaltiesBasispoints() external view returns (uint96) {
        return _royaltiesBasispoints;
    }

    /// @notice Lowers the royalty rate; only the creator may call, and never to a higher value.
    /// @param newBasispoints The new rate, at most the current one.
    function reduceRoyalties(uint96 newBasispoints) external {
        if (msg.sender != creator) revert Unauthorized();
        if (newBasispoints > _royaltiesBasispoints) revert RoyaltiesCannotIncrease();
        _setRoyalties(_royaltiesRecipient, newBasispoints);
    }

    /// @notice Moves royalties to a new recipient; only the creator may call.
    /// @param newRecipient The new royalty recipient (non-zero).
    function transferRoyaltiesRecipient(address newRecipient) external {
        if (msg.sender != creator) revert Unauthorized();
        if (newRecipient == address(0)) revert InvalidAddress();
        _setRoyalties(newRecipient, _royaltiesBasispoints);
    }

    /// @inheritdoc ERC1155
    function supportsInterface(bytes4 interfaceId) public view override(ERC1155, ERC2981) returns (bool) {
        return super.supportsInterface(interfaceId);
    }

    function _setRoyalties(address recipient, uint96 basispoints) private {
        _setDefaultRoyalty(recipient, basispoints);
        _royaltiesRecipient = recipient;
        _royaltiesBasispoints = basispoints;
        emit RoyaltiesChanged(recipient, basispoints);
    }
}
