// The colours of the drift charts' series. A series keeps its colour from build to build because
// it is picked by the key's place in its own list (the ten categories, the four roles, the eleven
// reasons), not by its place among the series a chart happens to draw.

/** Eleven colours that stay apart from each other and from the page's background: one per reason. */
const PALETTE = [
  "#4e79a7",
  "#f28e2b",
  "#e15759",
  "#76b7b2",
  "#59a14f",
  "#b8860b",
  "#b07aa1",
  "#ff9da7",
  "#9c755f",
  "#6b6b6b",
  "#1b8a9a",
] as const;

/** The colour of a key, by its place in the list of every key of its kind. */
export function seriesColor(key: string, keys: readonly string[]): string {
  const at = keys.indexOf(key);
  return PALETTE[(at < 0 ? 0 : at) % PALETTE.length] as string;
}
