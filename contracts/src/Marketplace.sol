// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {IERC1155} from "@openzeppelin/contracts/token/ERC1155/IERC1155.sol";
import {SafeCast} from "@openzeppelin/contracts/utils/math/SafeCast.sol";
import {MarketplaceBase} from "./MarketplaceBase.sol";
import {MarketplaceCore} from "./MarketplaceCore.sol";

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
///      Token-currency offers (makeOfferWithToken) escrow an allow-listed ERC-20 the same way; they are always
///      offers (never an immediate purchase) and pay out in that token when accepted. A buyer has at most one open
///      offer per sale in any currency: a new one replaces the previous and refunds it in its own currency.
contract Marketplace is MarketplaceCore {
    using SafeCast for uint256;

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
        Sale storage sale = _offerableSale(saleId, tokenId, amount, price);
        if (msg.value != price * amount) revert InsufficientFunds();

        if (price >= sale.price) {
            _settle(saleId, sale, msg.sender, amount, price, address(0));
            return;
        }
        (address previousCurrency, uint256 previousEscrow,) = _takeOffer(saleId, msg.sender);
        _offers[saleId][msg.sender] = Offer({amount: amount.toUint128(), price: price.toUint128()});
        totalEscrow += msg.value;
        emit OfferMade(saleId, tokenId, msg.sender, amount, price, address(0));
        if (previousEscrow != 0) _payIn(previousCurrency, msg.sender, previousEscrow);
    }

    /// @notice Escrows an offer in an allow-listed ERC-20 (approve the marketplace for price * amount first).
    /// @dev The native currency is refused with "use makeOffer instead"; a currency not on the owners' allow-list
    ///      with UnsupportedCurrency. Same checks as makeOffer otherwise, but never a purchase: the seller accepts
    ///      it with acceptOffer(..., currency). The tokens are pulled now (escrow), so an accepted offer always
    ///      settles. An earlier open offer of the caller on this sale is replaced and refunded.
    /// @param saleId Active sale.
    /// @param tokenId Must be the sale's token id (else NoSuchMarketplace).
    /// @param amount Units (> 0, at most the units still listed).
    /// @param price Price per unit in the token's smallest unit (18 decimals): >= PRICE_STEP and a multiple of it.
    /// @param currency The allow-listed ERC-20.
    function makeOfferWithToken(uint256 saleId, uint256 tokenId, uint256 amount, uint256 price, address currency)
        external
        nonReentrant
    {
        require(currency != address(0), "use makeOffer instead");
        if (!isAllowedCurrency[currency]) revert UnsupportedCurrency();
        _offerableSale(saleId, tokenId, amount, price);
        (address previousCurrency, uint256 previousEscrow,) = _takeOffer(saleId, msg.sender);
        uint256 total = price * amount;
        _offers[saleId][msg.sender] = Offer({amount: amount.toUint128(), price: price.toUint128()});
        _offerCurrency[saleId][msg.sender] = currency;
        tokenEscrow[currency] += total;
        emit OfferMade(saleId, tokenId, msg.sender, amount, price, currency);
        _pullToken(currency, msg.sender, total);
        if (previousEscrow != 0) _payIn(previousCurrency, msg.sender, previousEscrow);
    }

    /// @notice Withdraws the caller's open offer on a sale and refunds its escrow in the offer's currency (works
    ///         after a cancel too, and after its ERC-20 left the allow-list).
    /// @param saleId The sale the offer was made on.
    /// @param tokenId Must be the sale's token id (else NoSuchMarketplace).
    function retractOffer(uint256 saleId, uint256 tokenId) external nonReentrant {
        Sale storage sale = _sales[saleId];
        if (sale.seller == address(0) || sale.tokenId != tokenId) revert NoSuchMarketplace();
        (address currency, uint256 escrow,) = _takeOffer(saleId, msg.sender);
        if (escrow == 0) revert NoSuchOffer();
        emit OfferRetracted(saleId, tokenId, msg.sender);
        _payIn(currency, msg.sender, escrow);
    }

    /// @notice The seller accepts `buyer`'s open offer: tokens move to the buyer and the escrow pays out.
    /// @dev `price` guards against the offer changing in between (else NoSuchOffer). Offers on cancelled or
    ///      sold-out sales cannot be accepted (NoSuchMarketplace).
    /// @param saleId Active sale.
    /// @param buyer The offering account.
    /// @param tokenId Must be the sale's token id.
    /// @param price The offer's price per unit.
    /// @param currency The offer's currency: address(0) for a native offer, the allow-listed ERC-20 for a token one.
    function acceptOffer(uint256 saleId, address buyer, uint256 tokenId, uint256 price, address currency)
        external
        nonReentrant
    {
        if (currency != address(0) && !isAllowedCurrency[currency]) revert UnsupportedCurrency();
        Sale storage sale = _activeSale(saleId, tokenId);
        if (msg.sender != sale.seller) revert Unauthorized();
        Offer memory open = _offers[saleId][buyer];
        if (open.amount == 0 || open.price != price || _offerCurrency[saleId][buyer] != currency) revert NoSuchOffer();
        if (open.amount > sale.amount) revert InsufficientTokens();
        _takeOffer(saleId, buyer);
        emit OfferAccepted(saleId, tokenId, buyer);
        _settle(saleId, sale, buyer, open.amount, price, currency);
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
            currency: _offerCurrency[saleId][buyer],
            valid: o.amount != 0 && !s.cancelled && s.amount >= o.amount
        });
    }
}
