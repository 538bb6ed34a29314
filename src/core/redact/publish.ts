import { relativeToInput } from "./input-path.ts";
import { mapStrings, mightHoldSecret, type Redactor } from "./redact.ts";

/**
 * Fields that hold an id, a path segment or an agent's name: they name pages and link them, so
 * they are never changed (a changed id would no longer find its page). An id that is itself a
 * secret is therefore not redacted; ids are chosen by the systems that log, not typed by people.
 */
const KEPT_FIELDS = new Set([
  "id",
  "agentId",
  "taskId",
  "taskIds",
  "workSessionId",
  "previousWorkSessionId",
  "conversationId",
  "threadKey",
  "flowId",
  "segment",
  "sessionSegment",
  "taskSegment",
  "threadSegment",
  "threadSegments",
  "agent",
  "agents",
  "parent",
  "from",
  "to",
  "fromAgent",
  "toAgent",
]);

/** Fields that hold the path of an input file. */
const PATH_FIELDS = new Set(["file", "filePath"]);

/** What `publish` does to a value about to be shown. */
export interface PublishOptions {
  /** Replaces secrets in every text, and counts them; null keeps text as it is. */
  redactor: Redactor | null;
  /** The inputs as absolute paths (folders, files or globs): absolute file paths are shown relative to them. */
  inputRoots: readonly string[] | null;
}

/**
 * A copy of page data (or the Report) as it may be published: every text from a log through the
 * redactor once, and every input path relative to its input when `inputRoots` is given. Ids and
 * segments stay, so that links still find their pages.
 */
export function publish<T>(value: T, options: PublishOptions): T {
  const { redactor, inputRoots } = options;
  return mapStrings(value, (text, field, inPayload) => {
    // A payload's fields are named by whoever logged it: none of them names one of our pages.
    if (inPayload) return redactor === null ? text : redactor.redact(text);
    if (field !== null && KEPT_FIELDS.has(field)) return text;
    if (field !== null && PATH_FIELDS.has(field))
      return inputRoots === null ? text : relativeToInput(text, inputRoots);
    return redactor === null ? text : redactor.redact(text);
  });
}

/**
 * One line of JSON with its secrets replaced as `publish` replaces them, ids kept. A line too
 * deeply nested to parse or write again has each string literal redacted in place instead, ids
 * included, so that no line is ever lost or left with a secret. A line no rule can match is kept
 * byte for byte without being parsed.
 */
export function redactJsonLine(line: string, redactor: Redactor): string {
  // A `\u` escape could spell a rule's prefix that the raw line does not show.
  if (!mightHoldSecret(line) && !line.includes("\\u")) return line;
  try {
    return JSON.stringify(publish(JSON.parse(line) as unknown, { redactor, inputRoots: null }));
  } catch {
    return line.replace(/"(?:[^"\\]|\\.)*"/g, (literal) =>
      JSON.stringify(redactor.redact(JSON.parse(literal) as string)),
    );
  }
}
