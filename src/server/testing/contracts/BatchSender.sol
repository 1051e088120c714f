// SPDX-License-Identifier: MIT
pragma solidity 0.8.37;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";

/// Pays several recipients in one transaction out of what the caller approved, as an
/// exchange's batched withdrawal does: one Transfer log per recipient.
contract BatchSender {
    function send(IERC20 token, address[] calldata recipients, uint256[] calldata amounts) external {
        require(recipients.length == amounts.length, "one amount per recipient");
        for (uint256 i = 0; i < recipients.length; i++) {
            require(token.transferFrom(msg.sender, recipients[i], amounts[i]), "transfer refused");
        }
    }
}
