// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {TradableCollection} from "./TradableCollection.sol";

/// @title CollectionFactory
/// @notice Deploys TradableCollection contracts in one transaction; the caller becomes the creator and
///         receives every token.
contract CollectionFactory {
    /// @notice A collection was deployed by `creator`.
    /// @param collection The new TradableCollection address.
    /// @param creator The factory caller, who holds all tokens and manages royalties.
    /// @param name Collection name.
    /// @param symbol Collection symbol.
    /// @param tokenCount Number of token ids (1..tokenCount).
    event CreatedCollection(
        address indexed collection, address indexed creator, string name, string symbol, uint256 tokenCount
    );

    /// @notice `creator` deployed their first collection through this factory.
    /// @dev Emitted once per address, in the same transaction and just before that collection's
    ///      CreatedCollection, so an indexer can mark the account as a creator before storing the collection.
    ///      (Marketplace ownership is a separate notion, announced by Marketplace.CreatedOwner.)
    /// @param creator The new creator.
    event CreatedCreator(address indexed creator);

    /// @notice Every collection deployed by this factory, in creation order.
    address[] public collections;
    /// @notice True once an address has created at least one collection.
    mapping(address creator => bool) public isCreator;
    mapping(address creator => address[]) private _collectionsByCreator;

    /// @notice Deploys a TradableCollection with the caller as creator.
    /// @param name Collection name.
    /// @param symbol Collection symbol.
    /// @param howManyTokens Number of token ids (> 0).
    /// @param supplyPerToken Units minted per token id (> 0).
    /// @param baseURI Metadata URI prefix; token `id` resolves to `baseURI + id + ".json"`.
    /// @param royaltiesRecipient ERC-2981 royalty receiver (non-zero).
    /// @param royaltiesBasispoints Royalty rate in basis points (100 = 1%, at most 10000).
    /// @return The address of the new collection.
    function CreateTradableCollection(
        string calldata name,
        string calldata symbol,
        uint256 howManyTokens,
        uint256 supplyPerToken,
        string calldata baseURI,
        address royaltiesRecipient,
        uint96 royaltiesBasispoints
    ) external returns (address) {
        TradableCollection collection = new TradableCollection(
            name, symbol, howManyTokens, supplyPerToken, baseURI, royaltiesRecipient, royaltiesBasispoints, msg.sender
        );
        address collectionAddress = address(collection);
        collections.push(collectionAddress);
        _collectionsByCreator[msg.sender].push(collectionAddress);
        if (!isCreator[msg.sender]) {
            isCreator[msg.sender] = true;
            emit CreatedCreator(msg.sender);
        }
        emit CreatedCollection(collectionAddress, msg.sender, name, symbol, howManyTokens);
        return collectionAddress;
    }

    /// @notice Number of collections deployed by this factory.
    /// @return The count.
    function collectionCount() external view returns (uint256) {
        return collections.length;
    }

    /// @notice Collections deployed by one creator, in creation order.
    /// @param creator The creator address.
    /// @return The collection addresses.
    function collectionsOf(address creator) external view returns (address[] memory) {
        return _collectionsByCreator[creator];
    }
}
