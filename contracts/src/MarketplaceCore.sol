// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {IERC1155} from "@openzeppelin/contracts/token/ERC1155/IERC1155.sol";
import {IERC2981} from "@openzeppelin/contracts/interfaces/IERC2981.sol";
import {ERC165Checker} from "@openzeppelin/contracts/utils/introspection/ERC165Checker.sol";
import {SafeCast} from "@openzeppelin/contracts/utils/math/SafeCast.sol";
import {MarketplaceCurrencies} from "./MarketplaceCurrencies.sol";

/// @title MarketplaceCore
/// @notice Storage and internal rules of the Marketplace: sales, offers (in the native currency or an allowed
///         ERC-20), price checks and settlement. The public entry points are in Marketplace.
abstract contract MarketplaceCore is MarketplaceCurrencies {
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

    mapping(uint256 saleId => Sale) internal _sales;
    mapping(uint256 allOutSaleId => AllOutSale) internal _allOutSales;
    mapping(uint256 saleId => mapping(address buyer => Offer)) internal _offers;
    /// @dev The ERC-20 of a token-currency offer; address(0) (never written) for native offers.
    mapping(uint256 saleId => mapping(address buyer => address)) internal _offerCurrency;

    modifier nativeCurrency(address currency) {
        if (currency != address(0)) revert UnsupportedCurrency();
        _;
    }

    function _checkListable(address collection, uint256 price) internal view {
        if (collection.code.length == 0) revert InvalidAddress();
        _checkPrice(price);
        if (!IERC1155(collection).isApprovedForAll(msg.sender, address(this))) revert NotApproved();
    }

    function _checkPrice(uint256 price) internal pure {
        if (price < PRICE_STEP || price % PRICE_STEP != 0) revert InvalidPrice();
    }

    /// @dev The offer checks shared by makeOffer and makeOfferWithToken.
    function _offerableSale(uint256 saleId, uint256 tokenId, uint256 amount, uint256 price)
        internal
        view
        returns (Sale storage sale)
    {
        sale = _activeSale(saleId, tokenId);
        if (msg.sender == sale.seller) revert Unauthorized();
        if (IERC1155(sale.collection).balanceOf(msg.sender, tokenId) != 0) revert AlreadyOwner();
        if (amount == 0 || amount > sale.amount) revert InsufficientTokens();
        _checkPrice(price);
    }

    /// @dev Deletes `buyer`'s open offer on a sale (if any) and releases its escrow from the books; the caller
    ///      pays `escrow` back in `currency` (after its own effects) or settles with it.
    function _takeOffer(uint256 saleId, address buyer)
        internal
        returns (address currency, uint256 escrow, Offer memory offer)
    {
        offer = _offers[saleId][buyer];
        if (offer.amount == 0) return (address(0), 0, offer);
        escrow = uint256(offer.amount) * offer.price;
        currency = _offerCurrency[saleId][buyer];
        delete _offers[saleId][buyer];
        if (currency == address(0)) {
            totalEscrow -= escrow;
        } else {
            delete _offerCurrency[saleId][buyer];
            tokenEscrow[currency] -= escrow;
        }
    }

    function _newSale(address collection, uint256 tokenId, uint256 amount, uint256 price, uint256 allOutSaleId)
        internal
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

    function _activeSale(uint256 saleId, uint256 tokenId) internal view returns (Sale storage sale) {
        sale = _sales[saleId];
        if (sale.seller == address(0) || sale.cancelled || sale.amount == 0 || sale.tokenId != tokenId) {
            revert NoSuchMarketplace();
        }
    }

    /// @dev Effects first (remaining amount, event), then the token transfer, then the payouts in `currency`
    ///      (address(0) = native; the total is already held by the marketplace).
    function _settle(uint256 saleId, Sale storage sale, address buyer, uint256 amount, uint256 price, address currency)
        internal
    {
        address seller = sale.seller;
        IERC1155 collection = IERC1155(sale.collection);
        uint256 tokenId = sale.tokenId;
        if (collection.balanceOf(seller, tokenId) < amount) revert InsufficientTokens();
        if (!collection.isApprovedForAll(seller, address(this))) revert NotApproved();
        sale.amount -= uint128(amount);
        emit Sold(saleId, tokenId, buyer, seller, amount, price, currency);
        collection.safeTransferFrom(seller, buyer, tokenId, amount, "");

        uint256 total = price * amount;
        uint256 fee = (total * feeBasisPoints) / BASIS_POINTS;
        (address royaltyReceiver, uint256 royalty) = _royalty(address(collection), tokenId, total);
        if (royalty > total - fee) royalty = total - fee;
        if (fee != 0) _payIn(currency, feeRecipient, fee);
        if (royalty != 0) _payIn(currency, royaltyReceiver, royalty);
        _payIn(currency, seller, total - fee - royalty);
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
