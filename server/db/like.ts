/**
 * A LIKE pattern matching `text` anywhere, with LIKE's own wildcards (`%`, `_`) and its escape character taken
 * literally: a search for "50%" finds "50%", not everything starting with 50. Lower-cased when the column is compared
 * through lower().
 */
export function containsPattern(text: string, options: { lowerCase?: boolean } = {}): string {
  const escaped = text.replace(/[\\%_]/g, (ch) => `\\${ch}`);
  return `%${options.lowerCase ? escaped.toLowerCase() : escaped}%`;
}
