// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {IERC1155} from "@openzeppelin/contracts/token/ERC1155/IERC1155.sol";
import {IERC2981} from "@openzeppelin/contracts/interfaces/IERC2981.sol";
import {ERC165Checker} from "@openzeppelin/contracts/utils/introspection/ERC165Checker.sol";
import {SafeCast} from "@openzeppelin/contracts/utils/math/SafeCast.sol";
import {MarketplaceBase} from "./MarketplaceBase.sol";

/// @notice What the marketplace needs from a collection to list all of it at once.
interface ITokenCount {
    /// @notice Token ids run from 1 to tokenCount().
    function tokenCount() external view returns (uint256);
}

/// @title Marketplace
/// @notice Fixed-price sales of ERC-1155 tokens in the native currency, whole-collection ("all-out") sales and
///         escrowed offers. Sellers keep their tokens until a sale settles; the marketplace moves them with the
///         seller's setApprovalForAll.
/// @dev Settlement: a sale pays the fee (feeBasisPoints of the total) to feeRecipient, the ERC-2981 royalty
///      (capped at what remains) to the royalty receiver, and the rest to the seller. Each payment is pushed
///      with a 50,000 gas stipend; if the receiver reverts or runs out of gas, the amount is credited to
///      pendingWithdrawals and claimed with withdraw(), so a reverting receiver can neither block a sale nor
///      strand funds. Invariant: address(this).balance == totalEscrow + totalPendingWithdrawals.
///      Every state-changing function is nonReentrant and follows checks-effects-interactions.
///      Trading rules (seed 000 §5, the same as the app and the server check): every listing and offer price is
///      at least PRICE_STEP (0.0001 of the native currency) and a whole multiple of it (else InvalidPrice), and
///      an account that already holds units of a token cannot buy it or offer on it (AlreadyOwner).
contract Marketplace is MarketplaceBase {
    using SafeCast for uint256;

    /// @notice Smallest price and price increment in wei: 0.0001 of the native currency (1e14 wei).
    uint256 public constant PRICE_STEP = 1e14;

    /// @notice A listing or offer price below PRICE_STEP or not a whole multiple of it ("Minimum allowed price is 0.0001").
    error InvalidPrice();
    /// @notice The caller already holds units of the token it tries to buy or offer on ("owners cannot buy or offer").
    error AlreadyOwner();

    struct Sale {
        address seller;
        uint64 allOutSaleId;
        bool cancelled;
        address collection;
        uint128 amount;
        uint128 price;
        uint256 tokenId;
    }

    struct AllOutSale {
        address seller;
        uint64 firstSaleId;
        bool cancelled;
        address collection;
        uint64 saleCount;
        uint256 price;
    }

    struct Offer {
        uint128 amount;
        uint128 price;
    }

    /// @notice Wei held for open offers (including offers on cancelled sales not yet retracted).
    uint256 public totalEscrow;
    /// @notice Id of the last created sale; sale ids start at 1.
    uint256 public saleCount;
    /// @notice Id of the last created all-out sale; ids start at 1.
    uint256 public allOutSaleCount;

    mapping(uint256 saleId => Sale) private _sales;
    mapping(uint256 allOutSaleId => AllOutSale) private _allOutSales;
    mapping(uint256 saleId => mapping(address buyer => Offer)) private _offers;

    modifier nativeCurrency(address currency) {
        if (currency != address(0)) revert UnsupportedCurrency();
        _;
    }

    /// @notice Deploys the marketplace with the deployer as first owner.
    /// @param feeRecipient_ Receiver of fees (non-zero).
    /// @param feeBasisPoints_ Fee rate in basis points (at most 10000).
    constructor(address feeRecipient_, uint256 feeBasisPoints_) MarketplaceBase(feeRecipient_, feeBasisPoints_) {}

    // ---------------------------------------------------------------- sales

    /// @notice Lists `amount` units of one token at `price` wei per unit.
    /// @dev Requires collection.setApprovalForAll(marketplace, true) (else NotApproved) and a balance of at
    ///      least `amount` (else InsufficientTokens). Tokens stay with the seller until sold.
    /// @param collection ERC-1155 collection.
    /// @param tokenId Token id.
    /// @param amount Units to list (> 0).
    /// @param price Price per unit in wei: >= PRICE_STEP and a multiple of it (else InvalidPrice).
    /// @param currency Must be address(0).
    /// @return saleId The new sale id (also in the CreatedSale event).
    function createSale(address collection, uint256 tokenId, uint256 amount, uint256 price, address currency)
        external
        nonReentrant
        nativeCurrency(currency)
        returns (uint256 saleId)
    {
        _checkListable(collection, price);
        if (amount == 0 || IERC1155(collection).balanceOf(msg.sender, tokenId) < amount) revert InsufficientTokens();
        saleId = _newSale(collection, tokenId, amount, price, 0);
    }

    /// @notice Lists every token id 1..tokenCount() of `collection` that the caller holds, each with its whole
    ///         balance, at one price per unit.
    /// @dev Emits one CreatedSale per listed token id (consecutive sale ids), then CreatedAllOutSale.
    ///      The collection must expose tokenCount() (TradableCollection does), else InvalidAddress.
    /// @param collection ERC-1155 collection.
    /// @param price Price per unit in wei: >= PRICE_STEP and a multiple of it (else InvalidPrice).
    /// @param currency Must be address(0).
    /// @return allOutSaleId The new all-out sale id.
    function createAllOutSale(address collection, uint256 price, address currency)
        external
        nonReentrant
        nativeCurrency(currency)
        returns (uint256 allOutSaleId)
    {
        _checkListable(collection, price);
        uint256 count;
        try ITokenCount(collection).tokenCount() returns (uint256 n) {
            count = n;
        } catch {
            revert InvalidAddress();
        }
        address[] memory holders = new address[](count);
        uint256[] memory ids = new uint256[](count);
        for (uint256 i = 0; i < count; ++i) {
            holders[i] = msg.sender;
            ids[i] = i + 1;
        }
        uint256[] memory balances = IERC1155(collection).balanceOfBatch(holders, ids);

        allOutSaleId = ++allOutSaleCount;
        uint256 firstSaleId = saleCount + 1;
        uint256 listed = 0;
        for (uint256 i = 0; i < count; ++i) {
            if (balances[i] == 0) continue;
            _newSale(collection, ids[i], balances[i], price, allOutSaleId);
            ++listed;
        }
        if (listed == 0) revert InsufficientTokens();
        _allOutSales[allOutSaleId] = AllOutSale({
            seller: msg.sender,
            firstSaleId: firstSaleId.toUint64(),
            cancelled: false,
            collection: collection,
            saleCount: listed.toUint64(),
            price: price
        });
        emit CreatedAllOutSale(allOutSaleId, collection, msg.sender, price, address(0));
    }

    /// @notice Cancels a standalone listing; its open offers become invalid (buyers retract to get refunds).
    /// @dev Only the seller. Reverts BelongsToAllOutSale for a listing of an all-out sale, NoSuchMarketplace
    ///      when the sale does not exist, is already cancelled or is sold out.
    /// @param saleId The sale to cancel.
    function cancel(uint256 saleId) external nonReentrant {
        Sale storage sale = _sales[saleId];
        if (sale.seller == address(0)) revert NoSuchMarketplace();
        if (sale.seller != msg.sender) revert Unauthorized();
        if (sale.allOutSaleId != 0) revert BelongsToAllOutSale(sale.allOutSaleId);
        if (sale.cancelled || sale.amount == 0) revert NoSuchMarketplace();
        sale.cancelled = true;
        emit CancelledSale(saleId);
    }

    /// @notice Cancels a whole-collection sale and every one of its listings still active.
    /// @dev Only the seller. Emits CancelledSale per active listing, then CancelledAllOutSale.
    /// @param allOutSaleId The all-out sale to cancel.
    function cancelAllOutSale(uint256 allOutSaleId) external nonReentrant {
        AllOutSale storage allOut = _allOutSales[allOutSaleId];
        if (allOut.seller == address(0)) revert NoSuchMarketplace();
        if (allOut.seller != msg.sender) revert Unauthorized();
        if (allOut.cancelled) revert NoSuchMarketplace();
        allOut.cancelled = true;
        uint256 end = uint256(allOut.firstSaleId) + allOut.saleCount;
        for (uint256 saleId = allOut.firstSaleId; saleId < end; ++saleId) {
            Sale storage sale = _sales[saleId];
            if (sale.cancelled || sale.amount == 0) continue;
            sale.cancelled = true;
            emit CancelledSale(saleId);
        }
        emit CancelledAllOutSale(allOutSaleId);
    }

    // --------------------------------------------------------------- offers

    /// @notice Buys at or above the listed price, or escrows an offer below it.
    /// @dev msg.value must equal price * amount exactly (else InsufficientFunds). With price >= the listing
    ///      price this is a purchase at the offered `price` (Sold; tokens move now; nothing escrowed). Below it,
    ///      the value is escrowed (OfferMade); an earlier open offer of the caller on this sale is replaced and
    ///      its escrow refunded. The seller cannot buy or offer on their own sale (Unauthorized); an account
    ///      already holding units of the token cannot either (AlreadyOwner).
    /// @param saleId Active sale.
    /// @param tokenId Must be the sale's token id (else NoSuchMarketplace).
    /// @param amount Units (> 0, at most the units still listed).
    /// @param price Price per unit in wei: >= PRICE_STEP and a multiple of it (else InvalidPrice).
    /// @param currency Must be address(0).
    function makeOffer(uint256 saleId, uint256 tokenId, uint256 amount, uint256 price, address currency)
        external
        payable
        nonReentrant
        nativeCurrency(currency)
    {
        Sale storage sale = _activeSale(saleId, tokenId);
        if (msg.sender == sale.seller) revert Unauthorized();
        if (IERC1155(sale.collection).balanceOf(msg.sender, tokenId) != 0) revert AlreadyOwner();
        if (amount == 0 || amount > sale.amount) revert InsufficientTokens();
        _checkPrice(price);
        if (msg.value != price * amount) revert InsufficientFunds();

        if (price >= sale.price) {
            _settle(saleId, sale, msg.sender, amount, price);
            return;
        }
        Offer storage offer = _offers[saleId][msg.sender];
        uint256 previousEscrow = uint256(offer.amount) * offer.price;
        offer.amount = amount.toUint128();
        offer.price = price.toUint128();
        totalEscrow = totalEscrow + msg.value - previousEscrow;
        emit OfferMade(saleId, tokenId, msg.sender, amount, price, address(0));
        if (previousEscrow != 0) _pay(msg.sender, previousEscrow);
    }

    /// @notice Withdraws the caller's open offer on a sale and refunds its escrow (works after a cancel too).
    /// @param saleId The sale the offer was made on.
    /// @param tokenId Must be the sale's token id (else NoSuchMarketplace).
    function retractOffer(uint256 saleId, uint256 tokenId) external nonReentrant {
        Sale storage sale = _sales[saleId];
        if (sale.seller == address(0) || sale.tokenId != tokenId) revert NoSuchMarketplace();
        Offer memory offer = _offers[saleId][msg.sender];
        if (offer.amount == 0) revert NoSuchOffer();
        uint256 escrow = uint256(offer.amount) * offer.price;
        delete _offers[saleId][msg.sender];
        totalEscrow -= escrow;
        emit OfferRetracted(saleId, tokenId, msg.sender);
        _pay(msg.sender, escrow);
    }

    /// @notice The seller accepts `buyer`'s open offer: tokens move to the buyer and the escrow pays out.
    /// @dev `price` guards against the offer changing in between (else NoSuchOffer). Offers on cancelled or
    ///      sold-out sales cannot be accepted (NoSuchMarketplace).
    /// @param saleId Active sale.
    /// @param buyer The offering account.
    /// @param tokenId Must be the sale's token id.
    /// @param price The offer's price per unit.
    /// @param currency Must be address(0).
    function acceptOffer(uint256 saleId, address buyer, uint256 tokenId, uint256 price, address currency)
        external
        nonReentrant
        nativeCurrency(currency)
    {
        Sale storage sale = _activeSale(saleId, tokenId);
        if (msg.sender != sale.seller) revert Unauthorized();
        Offer memory offer = _offers[saleId][buyer];
        if (offer.amount == 0 || offer.price != price) revert NoSuchOffer();
        if (offer.amount > sale.amount) revert InsufficientTokens();
        uint256 escrow = uint256(offer.amount) * offer.price;
        delete _offers[saleId][buyer];
        totalEscrow -= escrow;
        emit OfferAccepted(saleId, tokenId, buyer);
        _settle(saleId, sale, buyer, offer.amount, price);
    }

    // ---------------------------------------------------------------- views

    /// @notice A listing by id (seller zero when it does not exist).
    /// @param saleId Sale id.
    /// @return The sale.
    function getSale(uint256 saleId) external view returns (SaleView memory) {
        Sale storage s = _sales[saleId];
        return SaleView({
            seller: s.seller,
            collection: s.collection,
            tokenId: s.tokenId,
            amount: s.amount,
            price: s.price,
            currency: address(0),
            allOutSaleId: s.allOutSaleId,
            cancelled: s.cancelled,
            active: s.seller != address(0) && !s.cancelled && s.amount != 0
        });
    }

    /// @notice A whole-collection sale by id (seller zero when it does not exist).
    /// @param allOutSaleId All-out sale id.
    /// @return The all-out sale.
    function getAllOutSale(uint256 allOutSaleId) external view returns (AllOutSaleView memory) {
        AllOutSale storage a = _allOutSales[allOutSaleId];
        return AllOutSaleView({
            seller: a.seller,
            collection: a.collection,
            price: a.price,
            currency: address(0),
            firstSaleId: a.firstSaleId,
            saleCount: a.saleCount,
            cancelled: a.cancelled
        });
    }

    /// @notice The open offer of `buyer` on a sale (amount 0 when none).
    /// @param saleId Sale id.
    /// @param buyer Buyer address.
    /// @return The offer; valid is false once the sale was cancelled or sold out.
    function getOffer(uint256 saleId, address buyer) external view returns (OfferView memory) {
        Offer storage o = _offers[saleId][buyer];
        Sale storage s = _sales[saleId];
        return OfferView({
            amount: o.amount,
            price: o.price,
            currency: address(0),
            valid: o.amount != 0 && !s.cancelled && s.amount >= o.amount
        });
    }

    // ------------------------------------------------------------- internal

    function _checkListable(address collection, uint256 price) private view {
        if (collection.code.length == 0) revert InvalidAddress();
        _checkPrice(price);
        if (!IERC1155(collection).isApprovedForAll(msg.sender, address(this))) revert NotApproved();
    }

    function _checkPrice(uint256 price) private pure {
        if (price < PRICE_STEP || price % PRICE_STEP != 0) revert InvalidPrice();
    }

    function _newSale(address collection, uint256 tokenId, uint256 amount, uint256 price, uint256 allOutSaleId)
        private
        returns (uint256 saleId)
    {
        saleId = ++saleCount;
        _sales[saleId] = Sale({
            seller: msg.sender,
            allOutSaleId: allOutSaleId.toUint64(),
            cancelled: false,
            collection: collection,
            amount: amount.toUint128(),
            price: price.toUint128(),
            tokenId: tokenId
        });
        emit CreatedSale(saleId, collection, tokenId, msg.sender, amount, price, address(0), allOutSaleId);
    }

    function _activeSale(uint256 saleId, uint256 tokenId) private view returns (Sale storage sale) {
        sale = _sales[saleId];
        if (sale.seller == address(0) || sale.cancelled || sale.amount == 0 || sale.tokenId != tokenId) {
            revert NoSuchMarketplace();
        }
    }

    /// @dev Effects first (remaining amount, event), then the token transfer, then the payouts.
    function _settle(uint256 saleId, Sale storage sale, address buyer, uint256 amount, uint256 price) private {
        address seller = sale.seller;
        IERC1155 collection = IERC1155(sale.collection);
        uint256 tokenId = sale.tokenId;
        if (collection.balanceOf(seller, tokenId) < amount) revert InsufficientTokens();
        if (!collection.isApprovedForAll(seller, address(this))) revert NotApproved();
        sale.amount -= uint128(amount);
        emit Sold(saleId, tokenId, buyer, seller, amount, price, address(0));
        collection.safeTransferFrom(seller, buyer, tokenId, amount, "");

        uint256 total = price * amount;
        uint256 fee = (total * feeBasisPoints) / BASIS_POINTS;
        (address royaltyReceiver, uint256 royalty) = _royalty(address(collection), tokenId, total);
        if (royalty > total - fee) royalty = total - fee;
        if (fee != 0) _pay(feeRecipient, fee);
        if (royalty != 0) _pay(royaltyReceiver, royalty);
        _pay(seller, total - fee - royalty);
    }

    function _royalty(address collection, uint256 tokenId, uint256 total)
        private
        view
        returns (address receiver, uint256 amount)
    {
        if (!ERC165Checker.supportsInterface(collection, type(IERC2981).interfaceId)) return (address(0), 0);
        try IERC2981(collection).royaltyInfo(tokenId, total) returns (address r, uint256 a) {
            // A royalty "paid" to the marketplace itself would be stranded: it goes to the seller instead.
            if (r == address(0) || r == address(this)) return (address(0), 0);
            return (r, a);
        } catch {
            return (address(0), 0);
        }
    }
}
