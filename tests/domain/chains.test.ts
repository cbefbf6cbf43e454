import { describe, expect, it } from 'vitest';
import { knownChain } from '../../domain/chains';
import { currencyLabel, isNativeCurrency, nativeSymbolOf } from '../../domain/nativeCurrency';

// Seed 000 §9: "Default chain id 1, symbol ETH. Known chain ids: 1 Ethereum Mainnet (ETH), 4 Rinkeby, 5 Goerli, 56
// and 97 Binance Smart Chain (bnb), 128 and 256 Huobi ECO, 137 Polygon (matic), 250 and 4002 Fantom (FTM),
// 1337 localhost, 31337 hardhat, 80001 Polygon Mumbai, 11155111 Sepolia."
describe('known chains', () => {
  it.each([
    [1, 'Ethereum Mainnet', 'ETH'],
    [56, 'Binance Smart Chain', 'bnb'],
    [137, 'Polygon', 'matic'],
    [250, 'Fantom', 'FTM'],
    [4002, 'Fantom Testnet', 'FTM'],
    [80001, 'Polygon Mumbai', 'matic'],
    [11155111, 'Sepolia', 'ETH'],
    [31337, 'Hardhat', 'ETH'],
  ])('chain %i is %s, paying in %s', (chainId, name, symbol) => {
    expect(knownChain(chainId)).toEqual({ name, symbol });
  });

  it('an unknown chain is named by its id and pays in ETH, the default', () => {
    expect(knownChain(424242)).toEqual({ name: 'Chain 424242', symbol: 'ETH' });
  });

  it("a price in the native currency shows its chain's symbol; the wire's marker is ETH or the zero address", () => {
    expect(currencyLabel('ETH', 'matic')).toBe('matic');
    expect(currencyLabel('0x0000000000000000000000000000000000000000', 'bnb')).toBe('bnb');
  });

  it('an ERC-20 (its symbol or address) is shown as given', () => {
    expect(currencyLabel('WETH', 'matic')).toBe('WETH');
    const token = '0x5FbDB2315678afecb367f032d93F642f64180aa3';
    expect(isNativeCurrency(token)).toBe(false);
    expect(currencyLabel(token, 'matic')).toBe(token);
  });

  it("the symbol is the public config's for the chain; ETH, the default, for a chain it does not list or before it is read", () => {
    const config = { evms: [{ chainId: 137, symbol: 'matic' }] };
    expect(nativeSymbolOf(config, 137)).toBe('matic');
    expect(nativeSymbolOf(config, 56)).toBe('ETH');
    expect(nativeSymbolOf(null, 137)).toBe('ETH');
  });
});
