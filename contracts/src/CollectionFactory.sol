// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";
import {TradableCollection} from "./TradableCollection.sol";

/// @title CollectionFactory
/// @notice Deploys TradableCollection contracts in one transaction for the creators the marketplace owners
///         registered (the platform is curated); the caller becomes the creator and receives every token.
/// @dev The owner (the deployer, who is also the Marketplace's first owner) registers and removes creators;
///      `Ownable.transferOwnership` hands that role on. An indexer derives an account's creator flag from
///      CreatedCreator / RemovedCreator only.
contract CollectionFactory is Ownable {
    /// @notice A collection was deployed by `creator`.
    /// @param collection The new TradableCollection address.
    /// @param creator The factory caller, who holds all tokens and manages royalties.
    /// @param name Collection name.
    /// @param symbol Collection symbol.
    /// @param tokenCount Number of token ids (1..tokenCount).
    event CreatedCollection(
        address indexed collection, address indexed creator, string name, string symbol, uint256 tokenCount
    );

    /// @notice The owner registered `creator`: from now on it may deploy collections through this factory.
    /// @param creator The new creator.
    event CreatedCreator(address indexed creator);

    /// @notice The owner removed `creator`: it may no longer deploy collections (the ones it has stay).
    /// @param creator The former creator.
    event RemovedCreator(address indexed creator);

    /// @notice The caller (or the address given to removeCreator) is not a registered creator.
    error NotACreator(address account);
    /// @notice addCreator of an address that is already registered.
    error AlreadyACreator(address account);
    /// @notice addCreator of the zero address.
    error InvalidAddress();

    /// @notice Every collection deployed by this factory, in creation order.
    address[] public collections;
    /// @notice True while an address is a registered creator (addCreator, until removeCreator).
    mapping(address creator => bool) public isCreator;
    mapping(address creator => address[]) private _collectionsByCreator;

    /// @notice The deployer becomes the owner, who registers creators.
    constructor() Ownable(msg.sender) {}

    /// @notice Registers `creator` (owner only). Emits CreatedCreator.
    /// @param creator The address to register.
    function addCreator(address creator) external onlyOwner {
        if (creator == address(0)) revert InvalidAddress();
        if (isCreator[creator]) revert AlreadyACreator(creator);
        isCreator[creator] = true;
        emit CreatedCreator(creator);
    }

    /// @notice Removes `creator` (owner only): its collections stay, it cannot deploy new ones. Emits RemovedCreator.
    /// @param creator The registered creator to remove.
    function removeCreator(address creator) external onlyOwner {
        if (!isCreator[creator]) revert NotACreator(creator);
        isCreator[creator] = false;
        emit RemovedCreator(creator);
    }

    /// @notice Deploys a TradableCollection with the caller as creator; reverts NotACreator for anyone the
    ///         owner has not registered.
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
        if (!isCreator[msg.sender]) revert NotACreator(msg.sender);
        TradableCollection collection = new TradableCollection(
            name, symbol, howManyTokens, supplyPerToken, baseURI, royaltiesRecipient, royaltiesBasispoints, msg.sender
        );
        address collectionAddress = address(collection);
        collections.push(collectionAddress);
        _collectionsByCreator[msg.sender].push(collectionAddress);
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
