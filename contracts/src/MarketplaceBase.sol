// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {ReentrancyGuardTransient} from "@openzeppelin/contracts/utils/ReentrancyGuardTransient.sol";
import {IMarketplace} from "./IMarketplace.sol";

/// @title MarketplaceBase
/// @notice Owners, fees and payouts of the Marketplace: pushed payments that fall back to withdraw().
/// @dev ReentrancyGuardTransient is OpenZeppelin's ReentrancyGuard on transient storage (EIP-1153, cancun).
abstract contract MarketplaceBase is IMarketplace, ReentrancyGuardTransient {
    /// @notice Basis-point denominator: 100 = 1%.
    uint256 public constant BASIS_POINTS = 10_000;
    /// @notice Gas forwarded with each pushed payment before falling back to pendingWithdrawals.
    uint256 public constant PAYOUT_GAS = 50_000;

    /// @notice True for marketplace owners, who manage fees and owners.
    mapping(address account => bool) public isOwner;
    /// @notice Number of marketplace owners.
    uint256 public ownerCount;
    /// @notice Receiver of marketplace fees.
    address public feeRecipient;
    /// @notice Marketplace fee in basis points of each sale's total.
    uint256 public feeBasisPoints;
    /// @notice Wei credited to an account after a failed push payout, claimable with withdraw().
    mapping(address account => uint256) public pendingWithdrawals;
    /// @notice Sum of pendingWithdrawals over all accounts.
    uint256 public totalPendingWithdrawals;

    modifier onlyOwner() {
        if (!isOwner[msg.sender]) revert Unauthorized();
        _;
    }

    /// @notice Makes the deployer the first owner and sets the fees.
    /// @param feeRecipient_ Receiver of fees (non-zero).
    /// @param feeBasisPoints_ Fee rate in basis points (at most 10000).
    constructor(address feeRecipient_, uint256 feeBasisPoints_) {
        isOwner[msg.sender] = true;
        ownerCount = 1;
        emit CreatedOwner(msg.sender);
        _setFees(feeRecipient_, feeBasisPoints_);
    }

    /// @notice Sends the caller's credited balance (from payouts that could not be pushed) with all gas.
    /// @dev Reverts InsufficientFunds when nothing is credited, FailedCall when the transfer fails.
    function withdraw() external nonReentrant {
        uint256 amount = pendingWithdrawals[msg.sender];
        if (amount == 0) revert InsufficientFunds();
        pendingWithdrawals[msg.sender] = 0;
        totalPendingWithdrawals -= amount;
        emit Withdrawn(msg.sender, amount);
        (bool ok,) = payable(msg.sender).call{value: amount}("");
        if (!ok) revert FailedCall();
    }

    // --------------------------------------------------------------- owners

    /// @notice Adds a marketplace owner (owners only).
    /// @param owner Account to add (non-zero, not already an owner; else InvalidAddress).
    function addOwner(address owner) external onlyOwner {
        if (owner == address(0) || isOwner[owner]) revert InvalidAddress();
        isOwner[owner] = true;
        ++ownerCount;
        emit CreatedOwner(owner);
    }

    /// @notice Removes a marketplace owner (owners only; an owner may remove itself, never the last one).
    /// @param owner Current owner to remove (else InvalidAddress).
    function removeOwner(address owner) external onlyOwner {
        if (!isOwner[owner]) revert InvalidAddress();
        if (ownerCount == 1) revert LastOwner();
        isOwner[owner] = false;
        --ownerCount;
        emit RemovedOwner(owner);
    }

    /// @notice Sets the fee recipient and rate (owners only); applies to sales settled afterwards.
    /// @param recipient Fee receiver (non-zero).
    /// @param basisPoints Fee rate, at most 10000.
    function setFees(address recipient, uint256 basisPoints) external onlyOwner {
        _setFees(recipient, basisPoints);
    }

    /// @notice Fee configuration.
    /// @return recipient Fee receiver.
    /// @return basisPoints Fee rate.
    function fees() external view returns (address recipient, uint256 basisPoints) {
        return (feeRecipient, feeBasisPoints);
    }

    // ------------------------------------------------------------- internal

    /// @dev Pushes `amount` with PAYOUT_GAS and without copying return data; on failure credits it.
    function _pay(address to, uint256 amount) internal {
        if (amount == 0) return;
        bool ok;
        uint256 stipend = PAYOUT_GAS;
        assembly ("memory-safe") {
            ok := call(stipend, to, amount, 0, 0, 0, 0)
        }
        if (!ok) {
            pendingWithdrawals[to] += amount;
            totalPendingWithdrawals += amount;
            emit WithdrawalCredited(to, amount);
        }
    }

    function _setFees(address recipient, uint256 basisPoints) internal {
        // The marketplace itself could never withdraw fees credited to it.
        if (recipient == address(0) || recipient == address(this)) revert InvalidAddress();
        if (basisPoints > BASIS_POINTS) revert InvalidBasisPoints();
        feeRecipient = recipient;
        feeBasisPoints = basisPoints;
        emit FeesChanged(recipient, basisPoints);
    }
}
