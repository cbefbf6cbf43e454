// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";
import {MarketplaceBase} from "./MarketplaceBase.sol";

/// @title MarketplaceCurrencies
/// @notice The owners' allow-list of ERC-20 currencies for token-currency offers, their escrow accounting and
///         payouts (pushed with SafeERC20; a transfer that fails is credited for withdrawToken instead).
/// @dev Invariant per allowed token: balanceOf(marketplace) >= tokenEscrow[token] + totalPendingTokenWithdrawals[token].
///      Tokens that charge a fee on transfer are refused when an offer pulls them (UnsupportedCurrency).
abstract contract MarketplaceCurrencies is MarketplaceBase {
    using SafeERC20 for IERC20;

    /// @notice An owner allowed (or stopped allowing) an ERC-20 as an offer currency.
    event CurrencyAllowed(address indexed currency, bool allowed);
    /// @notice A token payout could not be pushed to `account` and was credited for withdrawToken().
    event TokenWithdrawalCredited(address indexed currency, address indexed account, uint256 amount);
    /// @notice `account` withdrew its credited balance of `currency`.
    event TokenWithdrawn(address indexed currency, address indexed account, uint256 amount);

    /// @notice ERC-20s accepted by makeOfferWithToken (owners manage the list with setAllowedCurrency).
    mapping(address currency => bool) public isAllowedCurrency;
    /// @notice Token units held for open token offers, per currency.
    mapping(address currency => uint256) public tokenEscrow;
    /// @notice Token units credited to an account after a failed push payout, claimable with withdrawToken().
    mapping(address currency => mapping(address account => uint256)) public pendingTokenWithdrawals;
    /// @notice Sum of pendingTokenWithdrawals over all accounts, per currency.
    mapping(address currency => uint256) public totalPendingTokenWithdrawals;

    /// @notice Allows or disallows an ERC-20 as an offer currency (owners only). Disallowing stops new offers and
    ///         acceptances in it; open offers can still be retracted.
    /// @param currency ERC-20 contract (not address(0), which is the native currency; else InvalidAddress).
    /// @param allowed True to allow.
    function setAllowedCurrency(address currency, bool allowed) external onlyOwner {
        if (currency == address(0) || currency == address(this) || currency.code.length == 0) revert InvalidAddress();
        isAllowedCurrency[currency] = allowed;
        emit CurrencyAllowed(currency, allowed);
    }

    /// @notice Sends the caller's credited balance of `currency` (from token payouts that could not be pushed).
    /// @param currency The ERC-20.
    function withdrawToken(address currency) external nonReentrant {
        uint256 amount = pendingTokenWithdrawals[currency][msg.sender];
        if (amount == 0) revert InsufficientFunds();
        pendingTokenWithdrawals[currency][msg.sender] = 0;
        totalPendingTokenWithdrawals[currency] -= amount;
        emit TokenWithdrawn(currency, msg.sender, amount);
        IERC20(currency).safeTransfer(msg.sender, amount);
    }

    // ------------------------------------------------------------- internal

    /// @dev Pulls exactly `amount` of `currency` from `from` into escrow (the caller approved the marketplace).
    function _pullToken(address currency, address from, uint256 amount) internal {
        IERC20 token = IERC20(currency);
        uint256 before = token.balanceOf(address(this));
        token.safeTransferFrom(from, address(this), amount);
        if (token.balanceOf(address(this)) - before != amount) revert UnsupportedCurrency();
    }

    /// @dev Pays `amount` in `currency` (address(0) = native, through _pay); a failed token transfer is credited.
    function _payIn(address currency, address to, uint256 amount) internal {
        if (currency == address(0)) return _pay(to, amount);
        if (amount == 0) return;
        if (!IERC20(currency).trySafeTransfer(to, amount)) {
            pendingTokenWithdrawals[currency][to] += amount;
            totalPendingTokenWithdrawals[currency] += amount;
            emit TokenWithdrawalCredited(currency, to, amount);
        }
    }
}
