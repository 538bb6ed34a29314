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
 * (`input`) and theirs. A list met on the way is opened too, and each of its members (a work
 * session, a finding) is written whole by JSON.stringify, which is fast, and none of them comes
 * anywhere near the size one string can hold.
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
 * and each member of such a list is one piece, so that no string holds the whole value, or one
 * whole long list of it. A value JSON.stringify gives nothing for (undefined, a function) is
 * written as `null`, as it is in a list.
 */
export function* jsonPieces(value: unknown, layout: JsonLayout, depth = OPEN_DEPTH): Generator<string> {
  const root = serialized(value, "");
  if (depth > 0 && isContainer(root)) yield* containerPieces(root, depth, "", layout.pretty);
  else yield memberText(root, "", layout.pretty) ?? "null";
}

/**
 * The pieces of an array or an object, its members written as JSON.stringify writes them: each
 * member through its toJSON, with the key or index it is called with; members an object cannot
 * write (undefined, functions, symbols) left out, and written as `null` in an array. An object
 * above `depth` has its members opened in turn; a list's members are each written whole, by one
 * JSON.stringify, which costs less than opening them and keeps a piece the size of one member.
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
    for (let i = 0; i < members.length; i++) {
      yield `${before}${memberText(serialized(members[i], String(i)), inner, pretty) ?? "null"}`;
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

/** What JSON.stringify writes for a member: what its toJSON gives for its key, if it has one. */
function serialized(value: unknown, key: string): unknown {
  if (((typeof value === "object" && value !== null) || typeof value === "bigint") && hasToJSON(value))
    return (value as { toJSON: (key: string) => unknown }).toJSON(key);
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
