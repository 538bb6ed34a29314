import * as z from "zod";
import { REDACT_RULES, type RedactRule } from "./redact-rules.ts";

/** How many secrets of one kind were replaced. */
export const RedactionCount = z.object({
  /** The kind, as the rule table names it (`github token`). */
  kind: z.string(),
  /** How many were replaced, each distinct text counted once. */
  count: z.number().int().positive(),
});
export type RedactionCount = z.infer<typeof RedactionCount>;

/** The marker that takes a secret's place. */
export function redactionMarker(kind: string): string {
  return `[redacted: ${kind}]`;
}

/**
 * Something every rule's match begins with or contains. Most texts hold none of these, and testing
 * one expression is much cheaper than running every row, so the rows run only on the others.
 */
const TRIGGER = /sk-|gh[pousr]_|github_pat_|glpat-|xox[abprs]-|AKIA|ASIA|eyJ|PRIVATE KEY|Bearer|:\/\//i;

/** Whether a text might hold a secret: false means that no rule can match it. */
export function mightHoldSecret(text: string): boolean {
  return TRIGGER.test(text);
}

/** One text with its secrets replaced, and how many of each kind there were. */
export function redactText(
  text: string,
  rules: readonly RedactRule[] = REDACT_RULES,
): { text: string; counts: Map<string, number> } {
  const counts = new Map<string, number>();
  if (!TRIGGER.test(text)) return { text, counts };
  let out = text;
  for (const rule of rules) {
    const marker = redactionMarker(rule.kind);
    out = out.replace(rule.pattern, (...args: unknown[]) => {
      counts.set(rule.kind, (counts.get(rule.kind) ?? 0) + 1);
      // The arguments after the match are its groups, then the offset: only the groups are kept.
      const groups = args.slice(1).filter((a): a is string => typeof a === "string");
      return rule.keep === undefined ? marker : rule.keep(marker, ...groups);
    });
  }
  return { text: out, counts };
}

/**
 * Redacts many texts and keeps the counts. The same text is often shown in several places (a
 * session's title on its card and on its page), so each distinct text is redacted and counted once:
 * the counts say how many secrets were found, not how many times a page shows them.
 */
export class Redactor {
  private readonly seen = new Map<string, string>();
  private readonly totals = new Map<string, number>();

  /** The text with its secrets replaced. */
  redact(text: string): string {
    if (!TRIGGER.test(text)) return text;
    const known = this.seen.get(text);
    if (known !== undefined) return known;
    const result = redactText(text);
    for (const [kind, n] of result.counts) this.totals.set(kind, (this.totals.get(kind) ?? 0) + n);
    this.seen.set(text, result.text);
    return result.text;
  }

  /** The counts so far, in the order of the rule table, kinds with none left out. */
  counts(): RedactionCount[] {
    return REDACT_RULES.flatMap((rule) => {
      const count = this.totals.get(rule.kind) ?? 0;
      return count > 0 ? [{ kind: rule.kind, count }] : [];
    });
  }
}

/** Counts as the command line says them: `jwt 2, url password 1`. */
export function describeCounts(counts: readonly RedactionCount[]): string {
  return counts.map((c) => `${c.kind} ${c.count}`).join(", ");
}

/**
 * The field that holds an event's payload as its producer wrote it (`--events` lines, the static
 * API): the names of the fields inside it are the producer's, so a field there called `id` or `to`
 * is text like any other, not one of ours.
 */
const PAYLOAD_FIELD = "data";

/**
 * A copy of a JSON-like value with every string passed through `visit`, which also gets the name of
 * the field the string is in (for an array's items, the array's field) and whether it lies inside a
 * payload (PAYLOAD_FIELD, at any depth). It walks with a stack of
 * its own rather than by recursion, so that deeply nested JSON from a log cannot overflow the call
 * stack; values that are not plain objects, arrays or strings are kept as they are.
 *
 * An object or array none of whose strings `visit` changes is handed back itself, not copied: the
 * page data is most of a build's memory, nearly none of it holds a secret, and a copy of every
 * object (built key by key, so each also got a second block for its fields) doubled it at the
 * build's peak. An object reached twice is then also kept once.
 */
export function mapStrings<T>(
  value: T,
  visit: (text: string, field: string | null, inPayload: boolean) => string,
): T {
  interface Frame {
    source: object;
    entries: [string, unknown][];
    /** What each entry becomes; filled as the walk goes. */
    results: unknown[];
    next: number;
    changed: boolean;
    field: string | null;
    inPayload: boolean;
    isArray: boolean;
  }
  const enter = (source: object, field: string | null, inPayload: boolean): Frame => {
    const entries = Object.entries(source);
    return {
      source,
      entries,
      results: new Array<unknown>(entries.length),
      next: 0,
      changed: false,
      field,
      inPayload,
      isArray: Array.isArray(source),
    };
  };
  const root = enter({ value }, null, false);
  const stack: Frame[] = [root];
  let finished: unknown = undefined;
  while (stack.length > 0) {
    const frame = stack[stack.length - 1] as Frame;
    let descended = false;
    while (frame.next < frame.entries.length) {
      const i = frame.next;
      const [key, item] = frame.entries[i] as [string, unknown];
      const name = frame.isArray ? frame.field : key;
      // Everything below a payload field is the producer's: its keys are not ours.
      const below = frame.inPayload || (!frame.isArray && key === PAYLOAD_FIELD);
      if (typeof item === "string") {
        const copy = visit(item, name, below);
        frame.results[i] = copy;
        if (copy !== item) frame.changed = true;
      } else if (item !== null && typeof item === "object" && (Array.isArray(item) || isPlainObject(item))) {
        stack.push(enter(item, name, below));
        descended = true;
        break;
      } else frame.results[i] = item;
      frame.next++;
    }
    if (descended) continue;
    stack.pop();
    const result = frame.changed ? copyOf(frame) : frame.source;
    const parent = stack[stack.length - 1];
    if (parent === undefined) finished = result;
    else {
      parent.results[parent.next] = result;
      if (result !== parent.entries[parent.next]?.[1]) parent.changed = true;
      parent.next++;
    }
  }
  return (finished as { value: T }).value;

  function copyOf(frame: Frame): object {
    const target: Record<string, unknown> | unknown[] = frame.isArray
      ? new Array<unknown>((frame.source as unknown[]).length)
      : {};
    frame.entries.forEach(([key], i) => {
      // `__proto__` from a log is an own field like any other, never the copy's prototype.
      Object.defineProperty(target, key, {
        value: frame.results[i],
        enumerable: true,
        writable: true,
        configurable: true,
      });
    });
    return target;
  }
}

function isPlainObject(value: unknown): value is object {
  if (value === null || typeof value !== "object") return false;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}
