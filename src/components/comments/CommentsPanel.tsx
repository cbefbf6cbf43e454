// The token page's comments panel (issue 7 builds it; until then the token page shows no comments section).

export function CommentsPanel({ tokenId }: { tokenId: string }) {
  void tokenId;
  return null;
}
