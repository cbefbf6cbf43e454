import type { WalletAccount } from '../../../machines/wallet/walletSessionTypes';

/** The shortened address (docs/requirements.md#artists): first 4 and last 4 characters with an ellipsis. */
export const shortAddress = (address: string) => (address.length > 10 ? `${address.slice(0, 4)}...${address.slice(-4)}` : address);

/** The account's display name: alias, else the short address. */
export const accountName = (account: Pick<WalletAccount, 'alias' | 'address'>) => account.alias?.trim() || shortAddress(account.address);

/** A stable hue from the address, so an account without an avatar keeps its colour. */
function hueOf(address: string): number {
  let hash = 0;
  for (const char of address.toLowerCase()) hash = (hash * 31 + char.charCodeAt(0)) % 360;
  return hash;
}

function initialsOf(account: Pick<WalletAccount, 'alias' | 'address'>): string {
  const alias = account.alias?.trim();
  if (!alias || alias.startsWith('0x')) return account.address.slice(2, 4).toUpperCase();
  const words = alias.split(/\s+/).filter(Boolean);
  return (words.length > 1 ? `${words[0]![0]}${words[1]![0]}` : alias.slice(0, 2)).toUpperCase();
}

/** The avatar image, or initials on a colour derived from the address. */
export function AccountAvatar({ account, size = 36 }: { account: Pick<WalletAccount, 'alias' | 'address' | 'avatar'>; size?: number }) {
  if (account.avatar) {
    return <img className="account-avatar" src={account.avatar} alt="" width={size} height={size} />;
  }
  return (
    // The initials are drawn by CSS (::before from data-initials), not text: a link around the avatar is named by its
    // label ('Profile of …'), and visible text that is not in that name fails WCAG 2.5.3 (axe label-content-name-mismatch).
    <span
      className="account-avatar account-avatar-initials"
      aria-hidden="true"
      data-initials={initialsOf(account)}
      style={{ width: size, height: size, background: `hsl(${hueOf(account.address)} 55% 45%)` }}
    />
  );
}
