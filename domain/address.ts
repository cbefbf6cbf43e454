/** Wallet addresses match case-insensitively (seed 000 §5 "address matches, case-insensitive"); nobody matches a missing one. */
export const sameAddress = (a: string | null | undefined, b: string | null | undefined) => !!a && !!b && a.toLowerCase() === b.toLowerCase();
