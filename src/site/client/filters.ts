// The list pages' filters, run in the reader's browser. Filters live in the URL query
// (?status=&category=&subTag=&agent=&q= on session lists, ?type= on event pages), so a filtered
// view is a link to share; the page's server-rendered list is only shown or hidden, never rebuilt.

/** The filters a list understands, each empty when unset. */
export interface Filters {
  status: string;
  category: string;
  subTag: string;
  agent: string;
  q: string;
  type: string;
}

/** What an item of a list carries for filtering (its data attributes). */
export interface Filterable {
  status?: string | undefined;
  category?: string | undefined;
  tags?: string | undefined;
  agents?: string | undefined;
  text?: string | undefined;
  type?: string | undefined;
}

export const FILTER_KEYS = ["status", "category", "subTag", "agent", "q", "type"] as const;

/** The filters a URL query names. */
export function readFilters(params: URLSearchParams): Filters {
  const get = (k: string): string => (params.get(k) ?? "").trim();
  return {
    status: get("status"),
    category: get("category"),
    subTag: get("subTag"),
    agent: get("agent"),
    q: get("q"),
    type: get("type"),
  };
}

/** True when an item passes every filter that is set. Free text matches case-insensitively. */
export function matches(item: Filterable, f: Filters): boolean {
  if (f.status !== "" && item.status !== f.status) return false;
  if (f.category !== "" && item.category !== f.category) return false;
  if (f.subTag !== "" && !(item.tags ?? "").split("\n").includes(f.subTag)) return false;
  if (f.agent !== "" && !(item.agents ?? "").split("\n").includes(f.agent)) return false;
  if (f.type !== "" && item.type !== f.type) return false;
  if (f.q !== "" && !(item.text ?? "").includes(f.q.toLowerCase())) return false;
  return true;
}

/**
 * Keeps a filter form and the URL query in step: `show` fills the form from the URL and hands the
 * filters to `apply`; a change in the form is written to the URL (replacing the entry, so that Back
 * leaves the page), `onChange` runs, then `show`. Returns `show`, for lists that redraw later.
 */
export function bindForm(
  form: HTMLFormElement,
  apply: (filters: Filters) => void,
  onChange: () => void = () => undefined,
): () => void {
  const field = (key: string): HTMLInputElement | HTMLSelectElement | null => {
    const element = form.elements.namedItem(key);
    return element instanceof HTMLInputElement || element instanceof HTMLSelectElement ? element : null;
  };
  const show = (): void => {
    const filters = readFilters(new URL(window.location.href).searchParams);
    for (const key of FILTER_KEYS) {
      const element = field(key);
      if (element !== null) element.value = filters[key];
    }
    apply(filters);
  };
  const update = (): void => {
    const url = new URL(window.location.href);
    for (const key of FILTER_KEYS) {
      const value = field(key)?.value.trim() ?? "";
      if (value === "") url.searchParams.delete(key);
      else url.searchParams.set(key, value);
    }
    window.history.replaceState(null, "", url);
    onChange();
    show();
  };
  form.addEventListener("input", update);
  form.addEventListener("change", update);
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    update();
  });
  form.addEventListener("reset", () => window.setTimeout(update, 0));
  show();
  return show;
}

/** Wires a filter form to the server-rendered items of the page: those that do not match are hidden. */
export function attachFilters(
  form: HTMLFormElement,
  items: readonly HTMLElement[],
  count: HTMLElement | null,
  empty: HTMLElement | null,
): void {
  bindForm(form, (filters) => {
    let shown = 0;
    for (const item of items) {
      const ok = matches(item.dataset, filters);
      item.hidden = !ok;
      if (ok) shown++;
    }
    if (count !== null) count.textContent = String(shown);
    if (empty !== null) empty.hidden = shown > 0;
  });
}
