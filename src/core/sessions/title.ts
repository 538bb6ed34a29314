const MAX_TITLE = 120;

/** What the title rules look at in one event. */
export interface TitleSource {
  type: string;
  data: Record<string, unknown>;
}

/** An event's payload, as the title rules read it. */
type Payload = Readonly<Record<string, unknown>>;

/**
 * A session's title, in this priority: a spawn's `label`; the text of a `[Goal] …` line; the
 * first user-facing message or reply preview; then, for sessions of task signals only, its
 * tasks' description. Null when none of these names the session. Directive lines
 * (`[[reply_to_current]]`) and outcome texts are not user-facing, and a title is never a raw
 * task id.
 */
export function sessionTitle(
  events: readonly TitleSource[],
  taskDescriptions: readonly string[] = [],
): string | null {
  return titleOf([events], dataOf, taskDescriptions);
}

/**
 * sessionTitle of events kept in several lists, read in turn as if they were one (a session's
 * conversations, then its agent-to-agent events), by their facts: a session's lists are read
 * where they are, with no list made of them and of their payloads.
 */
export function titleOfEventLists(
  lists: ReadonlyArray<ReadonlyArray<{ facts: Payload }>>,
  taskDescriptions: readonly string[] = [],
): string | null {
  return titleOf(lists, factsOf, taskDescriptions);
}

const dataOf = (event: TitleSource): Payload => event.data;
const factsOf = (event: { facts: Payload }): Payload => event.facts;

/** The payload fields a title may be the first user-facing line of, in this order. */
const USER_FACING_KEYS = ["message", "replyPreview"] as const;

/** The rules of sessionTitle over the payloads of some lists of items, read in turn. */
function titleOf<T>(
  lists: ReadonlyArray<readonly T[]>,
  payloadOf: (item: T) => Payload,
  taskDescriptions: readonly string[],
): string | null {
  for (const list of lists)
    for (const item of list) {
      const label = payloadOf(item)["label"];
      if (typeof label === "string" && label.trim().length > 0) return clipTitle(label);
    }
  for (const list of lists)
    for (const item of list) {
      const message = String(payloadOf(item)["message"] ?? "");
      // The pattern needs the literal `[Goal]`, so a message without it skips the pattern's scan.
      if (!message.includes("[Goal]")) continue;
      const goal = /^\s*\[Goal\]\s*(.+)$/m.exec(message)?.[1];
      if (goal !== undefined && goal.trim().length > 0) return clipTitle(goal);
    }
  for (const list of lists)
    for (const item of list) {
      const data = payloadOf(item);
      for (const key of USER_FACING_KEYS) {
        const line = firstUserFacingLine(data[key]);
        if (line !== null) return clipTitle(line);
      }
    }
  const description = taskDescriptions.map(firstUserFacingLine).find((d) => d !== null);
  return description === undefined || description === null ? null : clipTitle(description);
}

function firstUserFacingLine(value: unknown): string | null {
  if (typeof value !== "string" || value.startsWith("[outcome]") || value.startsWith("[completed"))
    return null;
  for (const raw of value.split("\n")) {
    const line = raw
      .replace(/\[\[[^\]]*\]\]/g, "")
      .replace(/<@!?\d+>/g, "")
      .trim();
    if (line.length > 0 && !/^task_[a-z0-9_]+$/i.test(line)) return line;
  }
  return null;
}

/** A title as every session's is kept: one line of at most MAX_TITLE characters. */
export function clipTitle(text: string): string {
  return clipLine(text, MAX_TITLE);
}

/** Text as one line of at most `max` characters: runs of whitespace made one space, a cut marked `…`. */
export function clipLine(text: string, max: number): string {
  const one = text.replace(/\s+/g, " ").trim();
  return one.length > max ? `${one.slice(0, max - 1)}…` : one;
}
