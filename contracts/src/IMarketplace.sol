// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

/// @title IMarketplace
/// @notice Events, errors and view types of the Marketplace, kept apart so the contract stays readable.
/// @dev Event signatures are fixed: the server indexer decodes them.
interface IMarketplace {
    /// @notice A per-token listing as returned by getSale.
    /// @param seller Account that listed the tokens (zero when the sale does not exist).
    /// @param collection ERC-1155 collection address.
    /// @param tokenId Listed token id.
    /// @param amount Units still for sale (decreases as units sell; 0 = sold out).
    /// @param price Price per unit in wei.
    /// @param currency Always address(0) (native currency).
    /// @param allOutSaleId The whole-collection sale this listing belongs to, 0 when standalone.
    /// @param cancelled True once cancelled (directly or through its all-out sale).
    /// @param active True while it can be bought or receive offers: exists, not cancelled, amount > 0.
    struct SaleView {
        address seller;
        address collection;
        uint256 tokenId;
        uint256 amount;
        uint256 price;
        address currency;
        uint256 allOutSaleId;
        bool cancelled;
        bool active;
    }

    /// @notice A whole-collection sale as returned by getAllOutSale.
    /// @dev Its per-token sales have the consecutive ids firstSaleId .. firstSaleId + saleCount - 1.
    struct AllOutSaleView {
        address seller;
        address collection;
        uint256 price;
        address currency;
        uint256 firstSaleId;
        uint256 saleCount;
        bool cancelled;
    }

    /// @notice An offer as returned by getOffer (all zero when there is none).
    /// @param amount Units asked for.
    /// @param price Offered price per unit in wei; escrow held = amount * price.
    /// @param currency Always address(0).
    /// @param valid False when the sale was cancelled or is sold out: the buyer should retract.
    struct OfferView {
        uint256 amount;
        uint256 price;
        address currency;
        bool valid;
    }

    /// @notice A per-token listing was created; allOutSaleId is 0 for a standalone sale.
    event CreatedSale(
        uint256 indexed saleId,
        address indexed collection,
        uint256 indexed tokenId,
        address seller,
        uint256 amount,
        uint256 price,
        address currency,
        uint256 allOutSaleId
    );
    /// @notice A whole-collection sale was created (after one CreatedSale per listed token id).
    event CreatedAllOutSale(
        uint256 indexed allOutSaleId, address indexed collection, address indexed seller, uint256 price, address currency
    );
    /// @notice A per-token listing was cancelled; its open offers become invalid.
    event CancelledSale(uint256 indexed saleId);
    /// @notice A whole-collection sale was cancelled (after CancelledSale for each of its active listings).
    event CancelledAllOutSale(uint256 indexed allOutSaleId);
    /// @notice An offer was escrowed; it replaces any earlier open offer of the same buyer on the same sale.
    event OfferMade(
        uint256 indexed saleId,
        uint256 indexed tokenId,
        address indexed buyer,
        uint256 amount,
        uint256 price,
        address currency
    );
    /// @notice An offer was retracted and its escrow refunded to the buyer.
    event OfferRetracted(uint256 indexed saleId, uint256 indexed tokenId, address indexed buyer);
    /// @notice The seller accepted `buyer`'s offer; the Sold event with the same saleId follows.
    /// @dev Lets an indexer tell an accepted offer (offer closed) from a purchase (the buyer's offer, if any,
    ///      stays open). Equivalently, Sold.price below the listing price means an accepted offer.
    event OfferAccepted(uint256 indexed saleId, uint256 indexed tokenId, address indexed buyer);
    /// @notice Units changed hands, by a purchase (makeOffer at or above the listing price) or an accepted offer.
    event Sold(
        uint256 indexed saleId,
        uint256 indexed tokenId,
        address indexed buyer,
        address seller,
        uint256 amount,
        uint256 price,
        address currency
    );
    /// @notice A marketplace owner was added (also emitted for the deployer at construction).
    event CreatedOwner(address indexed owner);
    /// @notice A marketplace owner was removed.
    event RemovedOwner(address indexed owner);
    /// @notice The fee recipient or rate changed (also emitted at construction).
    event FeesChanged(address indexed recipient, uint256 basisPoints);
    /// @notice A payout could not be pushed to `account` and was credited for withdraw().
    event WithdrawalCredited(address indexed account, uint256 amount);
    /// @notice `account` withdrew its credited balance.
    event Withdrawn(address indexed account, uint256 amount);

    /// @notice Caller may not do this (not the seller, not an owner, or buying from oneself).
    error Unauthorized();
    /// @notice msg.value differs from price * amount, or there is nothing to withdraw.
    error InsufficientFunds();
    /// @notice Amount is zero, exceeds what is listed, or the seller no longer holds the tokens.
    error InsufficientTokens();
    /// @notice No active sale with this id and token id (never created, cancelled or sold out).
    error NoSuchMarketplace();
    /// @notice Only the native currency, address(0), is supported.
    error UnsupportedCurrency();
    /// @notice A zero address (or the marketplace itself), a non-contract collection, or an address in the wrong owner state.
    error InvalidAddress();
    /// @notice Sending the withdrawn balance failed.
    error FailedCall();
    /// @notice The seller has not called setApprovalForAll(marketplace, true) on the collection.
    error NotApproved();
    /// @notice The buyer has no open offer on this sale at the given price.
    error NoSuchOffer();
    /// @notice The listing belongs to a whole-collection sale: cancel it with cancelAllOutSale.
    error BelongsToAllOutSale(uint256 allOutSaleId);
    /// @notice Fee basis points above 10000.
    error InvalidBasisPoints();
    /// @notice The last marketplace owner cannot be removed.
    error LastOwner();
}
