/** How the weekly reports write their numbers, the same on the pages, in the Markdown and the feed. */

/** A count's change as a report shows it: `+3`, `−2` (a minus sign), `0`. */
export function signedChange(change: number): string {
  if (change > 0) return `+${change}`;
  if (change < 0) return `\u2212${-change}`;
  return "0";
}

/** A share 0–1 as a percentage with at most one decimal: `0.333` → `33.3%`. */
export function percent(ratio: number): string {
  return `${Math.round(ratio * 1000) / 10}%`;
}
