// Which of a route's pages this process renders. `workscope build` shares the pages out among
// several Astro processes (scripts/site/render-site.ts), and tells each its share in an environment
// variable: a detail of the build, not a setting of the site.

/** The environment variable holding a renderer's share, `k/n`: every n-th page from the k-th. */
export const RENDER_SHARE_ENV = "WORKSCOPE_PART";

/** A renderer's share of the pages: the k-th of n, k counted from 0. */
export interface RenderShare {
  k: number;
  n: number;
}

/** The share a `k/n` value names, or null when there is none (every page is rendered). */
export function parseRenderShare(value: string | undefined): RenderShare | null {
  const match = /^(\d+)\/(\d+)$/.exec(value ?? "");
  if (match === null) return null;
  const share = { k: Number(match[1]), n: Number(match[2]) };
  return share.n > 0 && share.k < share.n ? share : null;
}

/** A share as its environment variable writes it. */
export function formatRenderShare(share: RenderShare): string {
  return `${share.k}/${share.n}`;
}

/** The items of a route that fall to a share: all of them when there is no share. */
export function itemsOfShare<T>(items: readonly T[], share: RenderShare | null): T[] {
  return share === null ? [...items] : items.filter((_, i) => i % share.n === share.k);
}
