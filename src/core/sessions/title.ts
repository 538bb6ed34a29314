const MAX_TITLE = 120;

/** What the title rules look at in one event. */
export interface TitleSource {
  type: string;
  data: Record<string, unknown>;
}

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
  return titleOfPayloads(
    events.map((e) => e.data),
    taskDescriptions,
  );
}

/**
 * sessionTitle of the events' payloads alone, which are all its rules read: a session's events
 * are passed as they are, without an object made for each to carry its type.
 */
export function titleOfPayloads(
  payloads: ReadonlyArray<Readonly<Record<string, unknown>>>,
  taskDescriptions: readonly string[] = [],
): string | null {
  for (const data of payloads) {
    const label = data["label"];
    if (typeof label === "string" && label.trim().length > 0) return clipTitle(label);
  }
  for (const data of payloads) {
    const message = String(data["message"] ?? "");
    // The pattern needs the literal `[Goal]`, so a message without it skips the pattern's scan.
    if (!message.includes("[Goal]")) continue;
    const goal = /^\s*\[Goal\]\s*(.+)$/m.exec(message)?.[1];
    if (goal !== undefined && goal.trim().length > 0) return clipTitle(goal);
  }
  for (const data of payloads) {
    for (const key of ["message", "replyPreview"]) {
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
