import { PRODUCT_NAME } from '../../app/product';

/** The brand mark: a framed "A" (the same drawing as the app icons). */
export function LogoMark({ size = 32 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden="true" focusable="false" className="logo-mark">
      <rect x="2" y="2" width="60" height="60" rx="14" fill="var(--color-brand)" />
      <rect x="11" y="11" width="42" height="42" rx="6" fill="none" stroke="var(--color-brand-contrast)" strokeWidth="3" />
      <path d="M21 45 L32 18 L43 45 M25.5 35 H38.5" fill="none" stroke="var(--color-brand-contrast)" strokeWidth="4.5" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

export function Logo() {
  return (
    <span className="logo">
      <LogoMark />
      <span className="logo-text">{PRODUCT_NAME}</span>
    </span>
  );
}
