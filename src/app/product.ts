// The product's words in one place, so the header, title, manifest and pages agree.
export const PRODUCT_NAME = 'Art Bazaar';
export const PRODUCT_SHORT_NAME = 'Art Bazaar';
export const PRODUCT_TAGLINE = 'Curated digital art from independent artists, collected with your own wallet.';
export const PRODUCT_DESCRIPTION =
  'Art Bazaar is a curated digital-art marketplace: explore artworks, exhibitions and artists, and buy or sell with a browser wallet.';

// Brand colours used outside CSS (manifest, theme-color meta, generated icons).
export const BRAND_COLOR = '#5b21b6';
export const BRAND_BACKGROUND = '#ffffff';

// Social links group (website, youtube, x, instagram), each opened in a new tab.
export const SOCIAL_LINKS = [
  { id: 'website', label: 'Website', href: 'https://artbazaar.art' },
  { id: 'youtube', label: 'YouTube', href: 'https://www.youtube.com/@artbazaar' },
  { id: 'x', label: 'X', href: 'https://x.com/artbazaar' },
  { id: 'instagram', label: 'Instagram', href: 'https://www.instagram.com/artbazaar' },
] as const;

export type SocialLinkId = (typeof SOCIAL_LINKS)[number]['id'];
