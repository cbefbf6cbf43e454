// How the studio writes sizes and progress ("1.2 MB of 12 MB (10%)").

/** Bytes as B, KB or MB with one decimal above 1 KB (1 KB = 1024 bytes, as the size limits are given). */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1_048_576) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1_048_576).toFixed(1)} MB`;
}

export const percentOf = (done: number, total: number) => (total > 0 ? Math.min(100, Math.floor((done / total) * 100)) : 100);

export const progressText = (done: number, total: number) => `${formatBytes(done)} of ${formatBytes(total)} (${percentOf(done, total)}%)`;
