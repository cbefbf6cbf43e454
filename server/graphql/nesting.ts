// How deeply a GraphQL document nests its brackets, measured on the text before anything parses it. graphql-js
// parses recursively: a 9 KB document of 3,000 nested selections (or a list literal 10,000 deep) overflows the
// stack. Counting { [ ( outside strings and comments is one pass over the text and needs no stack at all.

/** The deepest nesting of `{`, `[` and `(` in a GraphQL source, strings, block strings and comments skipped. */
export function nestingDepth(source: string): number {
  let depth = 0;
  let deepest = 0;
  for (let i = 0; i < source.length; i += 1) {
    const char = source[i];
    if (char === '{' || char === '[' || char === '(') {
      depth += 1;
      if (depth > deepest) deepest = depth;
    } else if (char === '}' || char === ']' || char === ')') {
      depth = Math.max(0, depth - 1);
    } else if (char === '#') {
      while (i + 1 < source.length && source[i + 1] !== '\n' && source[i + 1] !== '\r') i += 1;
    } else if (char === '"') {
      i = source.startsWith('"""', i) ? endOfBlockString(source, i + 3) : endOfString(source, i + 1);
    }
  }
  return deepest;
}

/** The index of the closing `"""` (an escaped `\"""` does not close), or the end of the source. */
function endOfBlockString(source: string, from: number): number {
  for (let i = from; i < source.length; i += 1) {
    if (source[i] === '\\' && source.startsWith('"""', i + 1)) i += 3;
    else if (source.startsWith('"""', i)) return i + 2;
  }
  return source.length;
}

/** The index of the closing `"` of a one-line string (escapes skipped); a line break or the end also ends it. */
function endOfString(source: string, from: number): number {
  for (let i = from; i < source.length; i += 1) {
    const char = source[i];
    if (char === '\\') i += 1;
    else if (char === '"' || char === '\n' || char === '\r') return i;
  }
  return source.length;
}
