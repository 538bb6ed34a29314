import { writeTextAtomic, writeTextTo } from "./write-output.ts";

/**
 * How a JSON file is laid out: compact, exactly as `JSON.stringify(value)` writes it, or pretty,
 * exactly as `JSON.stringify(value, null, 2)` writes it (for a person reading the file).
 */
export interface JsonLayout {
  /** Whether to indent by two spaces, one member a line. */
  pretty: boolean;
}

/**
 * How many levels of objects the walk opens itself: the Report, its fields that are objects
 * (`input`) and theirs. A list met on the way is opened too, and its members (work sessions,
 * findings) are written whole by JSON.stringify, a run of them at a time, which is fast, and none
 * of them comes anywhere near the size one string can hold.
 */
const OPEN_DEPTH = 3;

/**
 * Writes a value as a JSON file with a final newline, through a temporary name, in batches; a
 * device or a named pipe (`/dev/null`, `/dev/stdout`) is written directly (see `writeTextAtomic`).
 */
export async function writeJsonAtomic(target: string, value: unknown, layout: JsonLayout): Promise<void> {
  await writeTextAtomic(target, jsonFile(value, layout));
}

/** Writes a value as JSON with a final newline to a stream that stays open (stdout), in batches. */
export async function writeJsonTo(
  out: NodeJS.WritableStream,
  value: unknown,
  layout: JsonLayout,
): Promise<void> {
  await writeTextTo(out, jsonFile(value, layout));
}

/** The text of a JSON file: the value's JSON and a newline, as text files end. */
function* jsonFile(value: unknown, layout: JsonLayout): Generator<string> {
  yield* jsonPieces(value, layout);
  yield "\n";
}

/**
 * The JSON of a value in pieces that join to exactly what JSON.stringify writes (with an indent of
 * 2 when pretty). The objects of the first `depth` levels and the lists in them are opened here,
 * and the members of such a list come in runs of about `RUN_CHARS` characters, so that no string
 * holds the whole value, or one whole long list of it. A value JSON.stringify gives nothing for
 * (undefined, a function) is written as `null`, as it is in a list.
 */
export function* jsonPieces(value: unknown, layout: JsonLayout, depth = OPEN_DEPTH): Generator<string> {
  const root = serialized(value, "");
  if (depth > 0 && isContainer(root)) yield* containerPieces(root, depth, "", layout.pretty);
  else yield memberText(root, "", layout.pretty) ?? "null";
}

/**
 * How many characters the text of one run of list members holds, about: a list's members are
 * written by one JSON.stringify per run of them rather than one per member, as each call costs
 * something of its own and a Report's lists hold hundreds of thousands of small members, while a
 * run stays small enough to be a short-lived string.
 */
export const RUN_CHARS = 1 << 15;

/** How many members the first run of a list takes, before the size of its members is known. */
const FIRST_RUN = 8;

/** How many members one run takes at most, however small they are. */
const MAX_RUN = 1024;

/**
 * The pieces of an array or an object, its members written as JSON.stringify writes them: each
 * member through its toJSON, with the key or index it is called with; members an object cannot
 * write (undefined, functions, symbols) left out, and written as `null` in an array. An object
 * above `depth` has its members opened in turn; a list's members are written whole, by one
 * JSON.stringify per run of them (`runText`), which costs less than opening them and keeps a
 * piece the size of about `RUN_CHARS` characters, or of one member larger than that.
 */
function* containerPieces(
  container: object,
  depth: number,
  indent: string,
  pretty: boolean,
): Generator<string> {
  const inner = pretty ? `${indent}  ` : "";
  const list = Array.isArray(container);
  const [open, close] = list ? ["[", "]"] : ["{", "}"];
  // Each member's piece starts with what comes before it: the bracket, else a comma.
  let before = pretty ? `${open}\n${inner}` : open;
  const between = pretty ? `,\n${inner}` : ",";
  let written = false;
  if (list) {
    const members = container as unknown[];
    let run = FIRST_RUN;
    for (let i = 0; i < members.length;) {
      let end = i;
      while (end < members.length && end - i < run && !ownJson(members[end])) end++;
      if (end === i) {
        // A member with a toJSON is written alone, as its toJSON is called with its own index.
        yield `${before}${memberText(serialized(members[i], String(i)), inner, pretty) ?? "null"}`;
        i++;
      } else {
        // The run's text starts with the line break before its first member, as `before` ends.
        yield written ? "," : open;
        const text = runText(members.slice(i, end), indent, pretty);
        yield text;
        run = Math.max(1, Math.min(MAX_RUN, Math.round((RUN_CHARS * (end - i)) / text.length)));
        i = end;
      }
      before = between;
      written = true;
    }
  } else {
    const record = container as Record<string, unknown>;
    const colon = pretty ? ": " : ":";
    for (const key of Object.keys(record)) {
      const member = serialized(record[key], key);
      if (!writable(member)) continue;
      const head = `${before}${JSON.stringify(key)}${colon}`;
      if (depth > 1 && isContainer(member)) {
        yield head;
        yield* containerPieces(member, depth - 1, inner, pretty);
      } else yield `${head}${memberText(member, inner, pretty) ?? "null"}`;
      before = between;
      written = true;
    }
  }
  if (!written) yield `${open}${close}`;
  else yield pretty ? `\n${indent}${close}` : close;
}

/**
 * A member's own JSON, already through its toJSON, indented as deep as it sits; undefined when
 * JSON.stringify writes nothing for it.
 */
function memberText(value: unknown, indent: string, pretty: boolean): string | undefined {
  // JSON.stringify calls toJSON once per member: a toJSON that gives back another object with a
  // toJSON is written by the walk itself, which does not call the second one either.
  if (isContainer(value) && hasToJSON(value))
    return [...containerPieces(value, Infinity, indent, pretty)].join("");
  const text = pretty ? JSON.stringify(value, null, 2) : JSON.stringify(value);
  // No string in JSON holds a raw newline, so every newline starts a line of indentation.
  return text === undefined || indent === "" ? text : text.replaceAll("\n", `\n${indent}`);
}

/**
 * The members of a list in a run, as JSON.stringify writes them in their list indented `indent`
 * deep, without the list's brackets: `a,b` compact, `\n    a,\n    b` pretty. JSON.stringify
 * writes a member of a list the same whatever its index when it has no toJSON (`ownJson`), and
 * `null` for one it cannot write, as the list itself does. When pretty, the run is put inside as
 * many lists as its list is levels deep, so that JSON.stringify indents it as deep as it sits,
 * which costs less than indenting every line of its text again, and the text of those lists
 * around it is cut off: level `l` (from 0, outermost first) opens with `[`, a line break and
 * `2(l + 1)` spaces, and closes with a line break, `2l` spaces and `]`.
 */
function runText(run: unknown[], indent: string, pretty: boolean): string {
  if (!pretty) {
    const text = JSON.stringify(run);
    return text.slice(1, text.length - 1);
  }
  const levels = indent.length / 2;
  let wrapped: unknown = run;
  for (let l = 0; l < levels; l++) wrapped = [wrapped];
  const text = JSON.stringify(wrapped, null, 2);
  // Before the run's own `[`: the sum of 2 + 2(l + 1) over the levels; after its own line break,
  // indent and `]`: the sum of 2 + 2l.
  const head = levels * (levels + 3);
  const tail = levels * (levels + 1);
  return text.slice(head + 1, text.length - tail - indent.length - 2);
}

/**
 * Whether JSON.stringify calls a toJSON for a member: an object or a bigint that has one. Such a
 * member is given its own key, which a run of members in a list of their own would not give it.
 */
function ownJson(value: unknown): boolean {
  return ((typeof value === "object" && value !== null) || typeof value === "bigint") && hasToJSON(value);
}

/** What JSON.stringify writes for a member: what its toJSON gives for its key, if it has one. */
function serialized(value: unknown, key: string): unknown {
  if (ownJson(value)) return (value as { toJSON: (key: string) => unknown }).toJSON(key);
  return value;
}

/** Whether a value says itself how it is written as JSON, as a Date does. */
function hasToJSON(value: object | bigint): boolean {
  return typeof (value as { toJSON?: unknown }).toJSON === "function";
}

/**
 * An array or an object JSON writes member by member; a boxed number, string, boolean or bigint
 * is written as the value it holds instead.
 */
function isContainer(value: unknown): value is object {
  return (
    typeof value === "object" &&
    value !== null &&
    !(
      value instanceof Number ||
      value instanceof String ||
      value instanceof Boolean ||
      value instanceof BigInt
    )
  );
}

/** Whether JSON.stringify writes an object's member at all: it leaves out undefined, functions and symbols. */
function writable(value: unknown): boolean {
  return value !== undefined && typeof value !== "function" && typeof value !== "symbol";
}
