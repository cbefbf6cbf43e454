// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";

/// @title DemoWETH
/// @notice The demo's wrapped-ETH-like ERC-20 (18 decimals): deposit native currency to mint 1:1, withdraw to burn
///         and get it back. The deploy script allow-lists it on the Marketplace for token-currency offers.
contract DemoWETH is ERC20 {
    /// @notice `account` wrapped `amount` wei.
    event Deposit(address indexed account, uint256 amount);
    /// @notice `account` unwrapped `amount` wei.
    event Withdrawal(address indexed account, uint256 amount);

    /// @notice Sending native currency back failed.
    error WithdrawFailed();

    constructor() ERC20("Wrapped Ether", "WETH") {}

    /// @notice Wraps msg.value: mints the same amount to the sender.
    function deposit() public payable {
        _mint(msg.sender, msg.value);
        emit Deposit(msg.sender, msg.value);
    }

    /// @notice Unwraps `amount`: burns it from the sender and sends the native currency back.
    /// @param amount Wei to unwrap (at most the sender's balance, else ERC20InsufficientBalance).
    function withdraw(uint256 amount) external {
        _burn(msg.sender, amount);
        emit Withdrawal(msg.sender, amount);
        (bool ok,) = payable(msg.sender).call{value: amount}("");
        if (!ok) revert WithdrawFailed();
    }

    /// @notice Plain transfers of native currency wrap too.
    receive() external payable {
        deposit();
    }
}
