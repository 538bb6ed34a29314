// The list pages' filters, run in the reader's browser. Filters live in the URL query
// (?status=&category=&subTag=&agent=&q= on session lists, ?type= on event pages), so a filtered
// view is a link to share; the page's server-rendered list is only shown or hidden, never rebuilt.
// The keys and the query string they make are those of src/site/urls.ts, like every other link.
import { FILTER_KEYS, filterQuery, type Filters } from "../urls.ts";

/** What an item of a list carries for filtering (its data attributes). */
interface Filterable {
  status?: string | undefined;
  category?: string | undefined;
  tags?: string | undefined;
  agents?: string | undefined;
  text?: string | undefined;
  type?: string | undefined;
}

/** The filters whose values `value` gives by key, trimmed. */
function filtersFrom(value: (key: (typeof FILTER_KEYS)[number]) => string): Filters {
  return Object.fromEntries(FILTER_KEYS.map((key) => [key, value(key).trim()])) as Filters;
}

/** The filters a URL query names. */
export function readFilters(params: URLSearchParams): Filters {
  return filtersFrom((key) => params.get(key) ?? "");
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
    const filters = filtersFrom((key) => field(key)?.value ?? "");
    const { pathname, hash } = window.location;
    window.history.replaceState(null, "", `${pathname}${filterQuery(filters)}${hash}`);
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
