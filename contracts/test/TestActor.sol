// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

/// @title TestActor (test only, never deployed by scripts)
/// @notice A contract account for tests: forwards calls (so it can sell, buy and offer), receives ERC-1155
///         tokens, and misbehaves on demand when it receives ETH or tokens.
contract TestActor {
    /// @notice How the actor reacts when it receives ETH.
    enum EthMode {
        Accept,
        Revert,
        BurnGas,
        Reenter
    }

    /// @notice Reaction to incoming ETH.
    EthMode public ethMode;
    /// @notice When true, onERC1155Received re-enters with `reentryCall` and bubbles up its revert.
    bool public reenterOnToken;
    /// @notice Call data sent to `reentryTarget` when re-entering.
    bytes public reentryCall;
    /// @notice Contract re-entered.
    address public reentryTarget;
    /// @notice Number of re-entry attempts made from receive().
    uint256 public reentryAttempts;
    /// @notice Number of re-entry attempts that succeeded.
    uint256 public reentrySuccesses;

    /// @notice Sets how ETH is received.
    /// @param mode New mode.
    function setEthMode(EthMode mode) external {
        ethMode = mode;
    }

    /// @notice Configures the re-entry made from receive() (mode Reenter) or onERC1155Received.
    /// @param target Contract to call.
    /// @param data Call data.
    /// @param onToken Whether to re-enter from onERC1155Received.
    function setReentry(address target, bytes calldata data, bool onToken) external {
        reentryTarget = target;
        reentryCall = data;
        reenterOnToken = onToken;
    }

    /// @notice Forwards a call with value, bubbling up any revert.
    /// @param target Contract to call.
    /// @param data Call data.
    /// @return result The returned bytes.
    function execute(address target, bytes calldata data) external payable returns (bytes memory result) {
        bool ok;
        (ok, result) = target.call{value: msg.value}(data);
        if (!ok) {
            assembly ("memory-safe") {
                revert(add(result, 32), mload(result))
            }
        }
    }

    /// @notice Receives ETH according to ethMode.
    receive() external payable {
        if (ethMode == EthMode.Revert) revert("TestActor: no ETH");
        if (ethMode == EthMode.BurnGas) {
            // Spin until the forwarded gas runs out.
            while (true) {}
        }
        if (ethMode == EthMode.Reenter) {
            ++reentryAttempts;
            (bool ok,) = reentryTarget.call(reentryCall);
            if (ok) ++reentrySuccesses;
        }
    }

    /// @notice ERC-1155 single receive hook; optionally re-enters.
    function onERC1155Received(address, address, uint256, uint256, bytes calldata) external returns (bytes4) {
        if (reenterOnToken) {
            (bool ok, bytes memory result) = reentryTarget.call(reentryCall);
            if (!ok) {
                assembly ("memory-safe") {
                    revert(add(result, 32), mload(result))
                }
            }
        }
        return this.onERC1155Received.selector;
    }

    /// @notice ERC-1155 batch receive hook.
    function onERC1155BatchReceived(address, address, uint256[] calldata, uint256[] calldata, bytes calldata)
        external
        pure
        returns (bytes4)
    {
        return this.onERC1155BatchReceived.selector;
    }

    /// @notice ERC-165: ERC-1155 receiver and ERC-165 itself.
    function supportsInterface(bytes4 interfaceId) external pure returns (bool) {
        return interfaceId == 0x4e2312e0 || interfaceId == 0x01ffc9a7;
    }
}
