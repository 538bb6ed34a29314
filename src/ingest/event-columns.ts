import { room } from "./array-room.ts";
import { indexOfValues, type StringIndex } from "./dictionary-index.ts";
import { bytesInMemory, FileLine, type LineBytes } from "./file-bytes.ts";
import type { StoredLine } from "../core/stored-line.ts";
import { EventSource, type BaseEvent } from "../core/event.ts";
import { EventFacts, NO_FACTS } from "../core/event-facts.ts";
import { LoadedEvent } from "../core/formats/loaded-event.ts";
import { hasAlternatives, meetsNoneBetween, type KeyFilter } from "../core/incremental/key-filter.ts";
import { bucketOf } from "../core/sessions/thread-key.ts";
import { lineBytes } from "../core/stored-line.ts";

/**
 * The events of one part of a file as typed columns and one string dictionary: the form parse
 * results cross threads in (as transferable buffers, without a structured clone of every object)
 * and are kept on disk by the parse cache. Each distinct string is stored once; an event's
 * strings are indexes into the dictionary, -1 for null.
 */
export interface EventColumns {
  /** How many events. */
  count: number;
  /** Each event's time (NaN when its producer wrote none: the analysis dates it). */
  ts: Float64Array;
  /** Each event's line, counted from the start of the part: the reader adds the lines before it. */
  line: Int32Array;
  /** 1 when the event's producer wrote no time (its `ts` is NaN until the analysis dates it). */
  needsTime: Uint8Array;
  /** The index of each event's source in EventSource's options. */
  source: Uint8Array;
  /** The text fields of TEXT_FIELDS, a row of them per event: dictionary indexes, -1 null, -2 absent. */
  text: Int32Array;
  /** `twin` (0 when absent) and `tsEstimated` (0 absent, 1 false, 2 true), rarely set while reading. */
  twin: Int32Array;
  /** See `twin`. */
  tsEstimated: Uint8Array;
  /** Which facts each event has: FACT_WORDS words per event, bit i for FACT_FIELDS[i]. */
  factMask: Uint32Array;
  /** The text facts, in event order and field order: dictionary indexes, -1 for null. */
  factText: Int32Array;
  /** The number facts, in event order and field order. */
  factNumber: Float64Array;
  /** The true-or-false facts, 0 or 1, in event order and field order. */
  factFlag: Uint8Array;
  /** Facts of any other kind, JSON in the dictionary, in event order and field order. */
  factJson: Int32Array;
  /** The dictionary: UTF-8 JSON of an array of strings (JSON keeps lone surrogates, which UTF-8 cannot). */
  dictionary: Uint8Array;
  /** Where each event's line bytes start in `rawBytes` (or, in the cache of a plain file, in the file). */
  rawStart: Float64Array;
  /** How long each event's line bytes are. */
  rawLength: Int32Array;
  /** Where each event's line bytes start in the file (in the decompressed stream for gzip). */
  fileOffset: Float64Array;
  /** The events' line bytes, one after another; empty when they are read from the file itself. */
  rawBytes: Uint8Array;
}

/** The fields of a BaseEvent held in `EventColumns.text`, in this order. */
export const TEXT_FIELDS = [
  "id",
  "type",
  "agentId",
  "fromAgent",
  "toAgent",
  "workSessionId",
  "conversationId",
  "taskId",
  "invalid",
] as const;

/**
 * Every field of BaseEvent and the column that holds it: a test holds this list to the schema, so
 * a field added to the event is never dropped silently on its way through a worker or the cache.
 */
export const EVENT_FIELD_COLUMNS: Record<
  keyof BaseEvent,
  keyof EventColumns | "the part's file" | "set by the analysis"
> = {
  id: "text",
  twin: "twin",
  ts: "ts",
  tsEstimated: "tsEstimated",
  // Times are dated by the analysis, after loading (src/core/claude/date-events.ts).
  undated: "set by the analysis",
  type: "text",
  source: "source",
  agentId: "text",
  fromAgent: "text",
  toAgent: "text",
  workSessionId: "text",
  conversationId: "text",
  taskId: "text",
  raw: "rawBytes",
  invalid: "text",
  file: "the part's file",
  line: "line",
  facts: "factMask",
};

/** How a fact's value is stored, from its zod schema. */
export type FactKind = "text" | "number" | "flag" | "json";

/** One field of EventFacts: its name and column. */
export interface FactField {
  /** The field's name. */
  name: keyof EventFacts & string;
  /** The column its values go to. */
  kind: FactKind;
}

/** The kind of column a schema's values go to: optional and nullable wrappers are looked through. */
function factKind(schema: unknown): FactKind {
  let def = (schema as { def: { type: string; innerType?: unknown } }).def;
  while ((def.type === "optional" || def.type === "nullable") && def.innerType !== undefined)
    def = (def.innerType as { def: typeof def }).def;
  return def.type === "string"
    ? "text"
    : def.type === "number"
      ? "number"
      : def.type === "boolean"
        ? "flag"
        : "json";
}

/**
 * The facts, in the schema's order, which is the order extractFacts writes them in: taken from the
 * schema so that a fact added later has a column without anyone listing it here.
 */
export const FACT_FIELDS: readonly FactField[] = Object.entries(EventFacts.shape).map(([name, schema]) => ({
  name: name as FactField["name"],
  kind: factKind(schema),
}));

/** How many 32-bit words of `factMask` each event has. */
export const FACT_WORDS = Math.ceil(FACT_FIELDS.length / 32);
const FACT_INDEX = new Map(FACT_FIELDS.map((f, i) => [f.name as string, i]));
/** Each fact's kind as a small number, so the writer switches on an integer, not a string. */
const FACT_KIND_CODE = Uint8Array.from(FACT_FIELDS, (f) =>
  f.kind === "text" ? 0 : f.kind === "number" ? 1 : f.kind === "flag" ? 2 : 3,
);
const SOURCES = EventSource.options;
const SOURCE_INDEX = new Map<string, number>(SOURCES.map((s, i) => [s, i]));

/**
 * Builds the columns of a part's events one event at a time, as the reader reads them. Each
 * column is its own field of one typed array type, so that the writes stay fast property stores.
 */
export class EventColumnsBuilder {
  private count = 0;
  private capacity = 1024;
  private ts = new Float64Array(this.capacity);
  private line = new Int32Array(this.capacity);
  private needsTime = new Uint8Array(this.capacity);
  private source = new Uint8Array(this.capacity);
  private text = new Int32Array(this.capacity * TEXT_FIELDS.length);
  private twin = new Int32Array(this.capacity);
  private tsEstimated = new Uint8Array(this.capacity);
  private factMask = new Uint32Array(this.capacity * FACT_WORDS);
  private rawStart = new Float64Array(this.capacity);
  private rawLength = new Int32Array(this.capacity);
  private fileOffset = new Float64Array(this.capacity);
  private factText = new Int32Array(1024);
  private factTexts = 0;
  private factNumber = new Float64Array(1024);
  private factNumbers = 0;
  private factFlag = new Uint8Array(1024);
  private factFlags = 0;
  private factJson = new Int32Array(16);
  private factJsons = 0;
  private rawBytes: Uint8Array;
  private rawUsed = 0;
  private readonly keepRaw: boolean;
  private readonly strings = new Map<string, number>();
  /** The last source and its index: a file's events nearly always share one. */
  private lastSource = "";
  private lastSourceIndex = 255;
  private readonly file: string;
  private readonly lineBase: number;

  /**
   * `file` is the file every event names; `lineBase` is subtracted from line numbers; `keepRaw`
   * copies the line bytes into the columns (off when they will be read from the file again), into
   * a buffer of `rawCapacity` bytes at first: a range's size, as its lines never take more.
   * `events` is room for that many events at first: a guess from the part's size saves growing
   * every column step by step, each step a copy into fresh memory (a tenth of a second or more for
   * a log of 120 MB); the columns still grow past it.
   */
  constructor(file: string, lineBase: number, keepRaw: boolean, rawCapacity = 1024 * 1024, events = 1024) {
    this.file = file;
    this.lineBase = lineBase;
    this.keepRaw = keepRaw;
    this.rawBytes = new Uint8Array(keepRaw ? rawCapacity : 0);
    if (events > this.capacity) {
      this.resize(events);
      // Most events have a text fact or two (a message, a session key).
      this.factText = new Int32Array(events * 2);
    }
  }

  private intern(value: string): number {
    let index = this.strings.get(value);
    if (index === undefined) this.strings.set(value, (index = this.strings.size));
    return index;
  }

  /**
   * The index of a text field's value, -1 for null and -2 for absent. Straight from the table:
   * the formats hand on one copy of each short text (see intern), whose hash is then already
   * known, and comparing with the last value or a few recent ones first was measured slower, as
   * ids of one length share long prefixes that each comparison reads.
   */
  private textIndex(value: string | null | undefined): number {
    return value === undefined ? -2 : value === null ? -1 : this.intern(value);
  }

  private grow(): void {
    this.resize(this.capacity * 2);
  }

  /** Makes room for `n` events in every column of one value (or row) per event. */
  private resize(n: number): void {
    this.capacity = n;
    this.ts = room(this.ts, n);
    this.line = room(this.line, n);
    this.needsTime = room(this.needsTime, n);
    this.source = room(this.source, n);
    this.text = room(this.text, n * TEXT_FIELDS.length);
    this.twin = room(this.twin, n);
    this.tsEstimated = room(this.tsEstimated, n);
    this.factMask = room(this.factMask, n * FACT_WORDS);
    this.rawStart = room(this.rawStart, n);
    this.rawLength = room(this.rawLength, n);
    this.fileOffset = room(this.fileOffset, n);
  }

  /** Adds one event, whose line bytes start at `offset` in the file. */
  push(event: BaseEvent, needsTime: boolean, offset: number): void {
    if (event.file !== this.file) throw new Error(`event of ${event.file} in the columns of ${this.file}`);
    if (this.count === this.capacity) this.grow();
    const i = this.count++;
    this.ts[i] = event.ts;
    this.line[i] = event.line - this.lineBase;
    this.needsTime[i] = needsTime ? 1 : 0;
    const source = event.source;
    if (source !== this.lastSource) {
      this.lastSource = source;
      this.lastSourceIndex = SOURCE_INDEX.get(source) ?? 255;
    }
    this.source[i] = this.lastSourceIndex;
    const row = i * TEXT_FIELDS.length;
    const text = this.text;
    text[row] = this.textIndex(event.id);
    text[row + 1] = this.textIndex(event.type);
    text[row + 2] = this.textIndex(event.agentId);
    text[row + 3] = this.textIndex(event.fromAgent);
    text[row + 4] = this.textIndex(event.toAgent);
    text[row + 5] = this.textIndex(event.workSessionId);
    text[row + 6] = this.textIndex(event.conversationId);
    text[row + 7] = this.textIndex(event.taskId);
    text[row + 8] = this.textIndex(event.invalid);
    this.twin[i] = event.twin ?? 0;
    this.tsEstimated[i] = event.tsEstimated === undefined ? 0 : event.tsEstimated ? 2 : 1;
    if (event.facts !== NO_FACTS) this.pushFacts(i, event.facts);
    const raw = event.raw;
    this.rawLength[i] = raw.length;
    this.fileOffset[i] = offset;
    if (!this.keepRaw) this.rawStart[i] = offset;
    else {
      this.rawStart[i] = this.rawUsed;
      if (this.rawUsed + raw.length > this.rawBytes.length)
        this.rawBytes = room(this.rawBytes, this.rawUsed + raw.length);
      this.rawBytes.set(lineBytes(raw), this.rawUsed);
      this.rawUsed += raw.length;
    }
  }

  /**
   * Writes one event's facts. The formats build facts in the schema's order (extractFacts), so
   * one walk over the object's own keys gives the values in field order, the order they are read
   * back in; facts in any other order are undone and written again by pushFactsInOrder.
   */
  private pushFacts(i: number, facts: EventFacts): void {
    const record = facts as Record<string, unknown>;
    const at = i * FACT_WORDS;
    // Room for every fact of one kind, checked once per event rather than once per value.
    if (this.factTexts + FACT_FIELDS.length > this.factText.length)
      this.factText = room(this.factText, this.factTexts + FACT_FIELDS.length);
    if (this.factNumbers + FACT_FIELDS.length > this.factNumber.length)
      this.factNumber = room(this.factNumber, this.factNumbers + FACT_FIELDS.length);
    if (this.factFlags + FACT_FIELDS.length > this.factFlag.length)
      this.factFlag = room(this.factFlag, this.factFlags + FACT_FIELDS.length);
    if (this.factJsons + FACT_FIELDS.length > this.factJson.length)
      this.factJson = room(this.factJson, this.factJsons + FACT_FIELDS.length);
    const texts = this.factTexts;
    const numbers = this.factNumbers;
    const flags = this.factFlags;
    const jsons = this.factJsons;
    let previous = -1;
    for (const name in record) {
      const value = record[name];
      if (value === undefined) continue;
      const f = FACT_INDEX.get(name);
      if (f === undefined) throw new Error(`the fact ${name} has no column`);
      if (f <= previous) {
        this.factTexts = texts;
        this.factNumbers = numbers;
        this.factFlags = flags;
        this.factJsons = jsons;
        this.pushFactsInOrder(at, record);
        return;
      }
      previous = f;
      this.factMask[at + (f >>> 5)]! |= 1 << (f & 31);
      this.pushFact(f, value);
    }
  }

  /** Writes facts in field order whatever order their object holds them in. */
  private pushFactsInOrder(at: number, record: Record<string, unknown>): void {
    for (let w = 0; w < FACT_WORDS; w++) this.factMask[at + w] = 0;
    for (const name in record) {
      if (record[name] === undefined) continue;
      const f = FACT_INDEX.get(name);
      if (f === undefined) throw new Error(`the fact ${name} has no column`);
      this.factMask[at + (f >>> 5)]! |= 1 << (f & 31);
    }
    for (let f = 0; f < FACT_FIELDS.length; f++)
      if ((this.factMask[at + (f >>> 5)]! & (1 << (f & 31))) !== 0)
        this.pushFact(f, record[FACT_FIELDS[f]!.name]);
  }

  /** Writes the value of fact `f` to the column of its kind; room was made by pushFacts. */
  private pushFact(f: number, value: unknown): void {
    switch (FACT_KIND_CODE[f]) {
      case 0: {
        this.factText[this.factTexts++] = value === null ? -1 : this.intern(value as string);
        break;
      }
      case 1:
        this.factNumber[this.factNumbers++] = value as number;
        break;
      case 2:
        this.factFlag[this.factFlags++] = value === true ? 1 : 0;
        break;
      default:
        this.factJson[this.factJsons++] = this.intern(JSON.stringify(value));
    }
  }

  /**
   * The columns, each in an ArrayBuffer of its own: views of the builder's own arrays, not copies,
   * as copying every column once more into fresh memory cost a cold run a tenth of a second. A
   * column that filled less than half of its room (its size was guessed too long) is copied out
   * instead, so that the room never used is not kept alive by the view. The builder is not to be
   * used after.
   */
  done(): EventColumns {
    const n = this.count;
    return {
      count: n,
      ts: fitted(this.ts, n),
      line: fitted(this.line, n),
      needsTime: fitted(this.needsTime, n),
      source: fitted(this.source, n),
      text: fitted(this.text, n * TEXT_FIELDS.length),
      twin: fitted(this.twin, n),
      tsEstimated: fitted(this.tsEstimated, n),
      factMask: fitted(this.factMask, n * FACT_WORDS),
      factText: fitted(this.factText, this.factTexts),
      factNumber: fitted(this.factNumber, this.factNumbers),
      factFlag: fitted(this.factFlag, this.factFlags),
      factJson: fitted(this.factJson, this.factJsons),
      // TextEncoder gives a buffer of its own; a small Buffer would be a slice of Node's shared
      // pool, which cannot be handed to another thread.
      dictionary: new TextEncoder().encode(JSON.stringify([...this.strings.keys()])),
      rawStart: fitted(this.rawStart, n),
      rawLength: fitted(this.rawLength, n),
      fileOffset: fitted(this.fileOffset, n),
      // The line bytes are the largest column: handed over as a view of their buffer, as the others
      // are, unless most of it went unused. A copy of a worker's 24 MiB of lines, short by the few
      // lines that made no event, took it some 0.4 s, most of it the first touch of fresh memory.
      rawBytes: fitted(this.rawBytes, this.rawUsed),
    };
  }
}

/**
 * Bytes per line guessed to size a part's columns before it is read: below the lines of the logs
 * we measured (some 370 bytes in OpenClaw's, more in Claude Code's), so the guess is rarely short.
 * When it is long (a log of long lines), `done()` copies out of their room the columns it left
 * mostly unused (see fitted).
 */
export const BYTES_PER_EVENT_GUESS = 256;

/** Events read back, with which of them wait for an estimated time. */
export interface DecodedEvents {
  /** The events, in line order. */
  events: BaseEvent[];
  /** The indexes (in `events`) of the events whose time is to be estimated. */
  untimed: number[];
}

/**
 * The events of columns, as the reader made them: `file` is the file they name, `lineBase` is
 * added to their lines, and their `raw` are views of `raw` (the columns' own bytes, or the
 * file's bytes when the columns point into the file). Throws when the columns do not hold
 * together (a length or an index out of range), so damaged input is never half read.
 *
 * A warm run decodes every event here, so the loop does little per event: each string is taken
 * from one list by its index shifted by two (`valuesByIndex`), where an index out of range gives
 * undefined, which no field but `invalid` may take; the facts are read by one FactsDecoder; and
 * the events are made by the formats' own constructor (LoadedEvent), in the same hidden classes.
 * With `leaveLines`, and `raw` a file's bytes read again when asked for (CheckedFileBytes), each
 * event's `raw` is a FileLine that reads its bytes then, as a cold run's events are (see
 * line-store.ts): a decode of every event no longer reads the whole file into memory.
 */
export function decodeEvents(
  columns: EventColumns,
  file: string,
  lineBase: number,
  raw: Uint8Array | LineBytes = columns.rawBytes,
  leaveLines = false,
): DecodedEvents {
  return decodeRows(columns, file, lineBase, raw, null, null, leaveLines);
}

/**
 * What a warm run that reuses the last analysis looks at to pick which cached events to decode:
 * an event's time, line and the fields it is joined on, before it is made.
 */
export interface EventKeys {
  ts: number;
  line: number;
  source: BaseEvent["source"];
  id: string | null;
  type: string;
  agentId: string | null;
  fromAgent: string | null;
  toAgent: string | null;
  workSessionId: string | null;
  conversationId: string | null;
  taskId: string | null;
}

/**
 * The events of columns (as decodeEvents makes them) that `pick` takes, asked of each event's
 * keys in line order; the others are never made. The keys are one object, written over for each
 * event: `pick` must not keep it.
 */
export function selectEvents(
  columns: EventColumns,
  file: string,
  lineBase: number,
  raw: Uint8Array | LineBytes,
  pick: (keys: EventKeys) => boolean,
  filter: KeyFilter | null = null,
): BaseEvent[] {
  return decodeRows(columns, file, lineBase, raw, pick, filter).events;
}

/** A KeyFilter as a test of an event's row: its sets as flags and places on the dictionary's indexes. */
export interface Gate {
  /** Rows at or after it fail; Infinity when the filter gives no `before`. */
  before: number;
  /** Whether the filter gives conditions besides `before`, one of which a row must meet. */
  alternatives: boolean;
  /** Whether rows at or after `from` meet one. */
  hasFrom: boolean;
  from: number;
  /** By string index plus two, which sets hold the string: WORK_SESSION, CONVERSATION, TASK. */
  flags: Uint8Array;
  /** By string index plus two, the agent's place among the pairs' agents in text order, else -1. */
  agentSlot: Int32Array;
  /** How many agents the pairs name. */
  agents: number;
  /** By a pair's places (lesser × agents + greater), the time its lines count from. */
  pairSince: Map<number, number>;
  /** By string index plus two, the type's place in `buckets`, else -1. */
  typeSlot: Int32Array;
  buckets: Array<ReadonlySet<number>>;
}

const WORK_SESSION = 1;
const CONVERSATION = 2;
const TASK = 4;

/**
 * The filter's gate on columns whose dictionary `strings` indexes: each string the filter names is
 * looked up there, and its entries flagged (an entry's place in the gate's arrays is its index
 * plus two, as in valuesByIndex).
 */
export function gateOf(filter: KeyFilter, strings: StringIndex): Gate {
  const flags = new Uint8Array(strings.size + 2);
  const sets: Array<[ReadonlySet<string> | undefined, number]> = [
    [filter.workSessionIds, WORK_SESSION],
    [filter.conversationIds, CONVERSATION],
    [filter.taskIds, TASK],
  ];
  for (const [set, flag] of sets)
    for (const value of set ?? []) for (const k of strings.indexesOf(value)) flags[k + 2]! |= flag;
  // Places in text order, so that the lesser place is the agent a thread key names first.
  const names = new Set<string>();
  for (const [a, byB] of filter.pairs ?? []) {
    names.add(a);
    for (const b of byB.keys()) names.add(b);
  }
  const sorted = [...names].sort();
  const place = new Map(sorted.map((name, i) => [name, i]));
  const pairSince = new Map<number, number>();
  for (const [a, byB] of filter.pairs ?? [])
    for (const [b, since] of byB) pairSince.set(place.get(a)! * sorted.length + place.get(b)!, since);
  const buckets = [...(filter.buckets ?? new Map<string, ReadonlySet<number>>())];
  const typePlace = new Map(buckets.map(([type], i) => [type, i]));
  const agentSlot = new Int32Array(strings.size + 2).fill(-1);
  const typeSlot = new Int32Array(strings.size + 2).fill(-1);
  for (const [name, i] of place) for (const k of strings.indexesOf(name)) agentSlot[k + 2] = i;
  for (const [type, i] of typePlace) for (const k of strings.indexesOf(type)) typeSlot[k + 2] = i;
  return {
    before: filter.before ?? Infinity,
    alternatives: hasAlternatives(filter),
    hasFrom: filter.from !== undefined,
    from: filter.from ?? 0,
    flags,
    agentSlot,
    agents: sorted.length,
    pairSince,
    typeSlot,
    buckets: buckets.map(([, set]) => set),
  };
}

/**
 * Whether row `i` (its strings from `row` in the text column, its time `at`) meets the gate, as
 * meetsFilter says; a string index is its value's place minus two, so null is -1.
 */
export function meetsGate(gate: Gate, t: Int32Array, row: number, at: number): boolean {
  if (at >= gate.before) return false;
  if (!gate.alternatives) return true;
  if (gate.hasFrom && at >= gate.from) return true;
  const flags = gate.flags;
  if (((flags[t[row + 5]! + 2]! & WORK_SESSION) | (flags[t[row + 7]! + 2]! & TASK)) !== 0) return true;
  const conversation = t[row + 6]!;
  if (conversation !== -1) return (flags[conversation + 2]! & CONVERSATION) !== 0;
  const from = t[row + 3]!;
  const to = t[row + 4]!;
  if (from !== -1 && to !== -1) {
    const a = gate.agentSlot[from + 2] ?? -1;
    const b = gate.agentSlot[to + 2] ?? -1;
    if (a < 0 || b < 0) return false;
    const since = gate.pairSince.get(a <= b ? a * gate.agents + b : b * gate.agents + a);
    return since !== undefined && at >= since;
  }
  const type = gate.typeSlot[t[row + 1]! + 2] ?? -1;
  return type >= 0 && gate.buckets[type]!.has(bucketOf(at));
}

/** The bytes each columns' lengths and indexes were last checked against. */
const checked = new WeakMap<EventColumns, Uint8Array | LineBytes>();

/** The strings of each columns' dictionary, parsed once however often its events are picked from. */
const parsedDictionaries = new WeakMap<EventColumns, Array<string | null | undefined>>();

/**
 * Gives columns the strings of their dictionary, parsed before: columns gathered from a part's file
 * share its dictionary, which is parsed once however many selections gather rows of it.
 */
export function withValues(columns: EventColumns, values: Array<string | null | undefined>): EventColumns {
  parsedDictionaries.set(columns, values);
  return columns;
}

/** The StringIndex of each dictionary's values, made once however often its events are picked from. */
const stringIndexes = new WeakMap<ReadonlyArray<string | null | undefined>, StringIndex>();

function stringIndexOf(values: ReadonlyArray<string | null | undefined>): StringIndex {
  let index = stringIndexes.get(values);
  if (index === undefined) stringIndexes.set(values, (index = indexOfValues(values)));
  return index;
}

function valuesOf(columns: EventColumns): Array<string | null | undefined> {
  let values = parsedDictionaries.get(columns);
  if (values === undefined) parsedDictionaries.set(columns, (values = valuesOfOnce(columns)));
  return values;
}

/** decodeEvents, or selectEvents when `pick` is given. */
function decodeRows(
  columns: EventColumns,
  file: string,
  lineBase: number,
  raw: Uint8Array | LineBytes,
  pick: ((keys: EventKeys) => boolean) | null,
  filter: KeyFilter | null = null,
  leaveLines = false,
): DecodedEvents {
  // A part whose times the filter rules out is not read at all: its dictionary is not parsed, nor
  // its rows looked at (a rerun's selections of events from a time on pass over a month's part).
  if (pick !== null && filter !== null) {
    const span = timeSpanOf(columns);
    if (meetsNoneBetween(filter, span.min, span.max, span.untimed)) return { events: [], untimed: [] };
  }
  // Checked once per columns and bytes, however often their events are picked from.
  if (checked.get(columns) !== raw) {
    checkColumns(columns, raw);
    checked.set(columns, raw);
  }
  const values = pick === null ? valuesOfOnce(columns) : valuesOf(columns);
  // Two more than the dictionary's strings: null and absent come first.
  const strings = values.length - 2;
  const facts = new FactsDecoder(columns, values);
  // With a filter most rows are passed over unread, so the facts are found by each row's start.
  const gate = pick !== null && filter !== null ? gateOf(filter, stringIndexOf(values)) : null;
  // Worked out at the first row picked: most selections of a rerun pick none of a large part's rows.
  let factStarts: Int32Array | null = null;
  const lineBytes = raw instanceof Uint8Array ? bytesInMemory(raw) : raw;
  const lineOf =
    leaveLines && !(raw instanceof Uint8Array)
      ? (start: number, length: number): Uint8Array | StoredLine => new FileLine(lineBytes, start, length)
      : // A plain view: making a Buffer of each line costs a third more, and readers need only bytes.
        (start: number, length: number): Uint8Array | StoredLine => lineBytes.view(start, length);
  const count = columns.count;
  const events: BaseEvent[] = pick === null ? new Array<BaseEvent>(count) : [];
  const untimed: number[] = [];
  const { text: t, ts, line, source, rawStart, rawLength, twin, tsEstimated, needsTime } = columns;
  const keys: EventKeys = {
    ts: 0,
    line: 0,
    source: "openclaw",
    id: null,
    type: "",
    agentId: null,
    fromAgent: null,
    toAgent: null,
    workSessionId: null,
    conversationId: null,
    taskId: null,
  };
  for (let i = 0; i < count; i++) {
    const row = i * TEXT_FIELDS.length;
    if (gate !== null && !meetsGate(gate, t, row, ts[i]!)) continue;
    const from = SOURCES[source[i]!];
    const id = values[t[row]! + 2];
    const type = values[t[row + 1]! + 2];
    const agentId = values[t[row + 2]! + 2];
    const fromAgent = values[t[row + 3]! + 2];
    const toAgent = values[t[row + 4]! + 2];
    const workSessionId = values[t[row + 5]! + 2];
    const conversationId = values[t[row + 6]! + 2];
    const taskId = values[t[row + 7]! + 2];
    // `invalid` is text or absent (-2), never null; an index past the dictionary is not absent.
    const invalidIndex = t[row + 8]!;
    if (
      from === undefined ||
      typeof type !== "string" ||
      id === undefined ||
      agentId === undefined ||
      fromAgent === undefined ||
      toAgent === undefined ||
      workSessionId === undefined ||
      conversationId === undefined ||
      taskId === undefined ||
      !(invalidIndex === -2 || (invalidIndex >= 0 && invalidIndex < strings))
    )
      throw new Error(`event ${i} has a field out of range`);
    if (pick !== null) {
      keys.ts = ts[i]!;
      keys.line = line[i]! + lineBase;
      keys.source = from;
      keys.id = id;
      keys.type = type;
      keys.agentId = agentId;
      keys.fromAgent = fromAgent;
      keys.toAgent = toAgent;
      keys.workSessionId = workSessionId;
      keys.conversationId = conversationId;
      keys.taskId = taskId;
      if (!pick(keys)) {
        if (gate === null) facts.skip(i);
        continue;
      }
      if (gate !== null) facts.seek(i, (factStarts ??= factStartsOf(columns)));
    }
    let event = new LoadedEvent(
      id,
      ts[i]!,
      type,
      from,
      agentId,
      fromAgent,
      toAgent,
      workSessionId,
      conversationId,
      taskId,
      lineOf(rawStart[i]!, rawLength[i]!),
      values[invalidIndex + 2] ?? undefined,
      file,
      line[i]! + lineBase,
      facts.next(i),
    );
    // Rare while reading: a copy with the field, as the analysis would make one.
    if (twin[i] !== 0) event = { ...event, twin: twin[i]! };
    if (tsEstimated[i] !== 0) event = { ...event, tsEstimated: tsEstimated[i] === 2 };
    if (pick === null) events[i] = event;
    else events.push(event);
    if (needsTime[i] === 1) untimed.push(i);
  }
  // Rows passed over by the gate were never read: factStartsOf checked the facts columns against
  // the masks of every row when a row was picked, and nothing was read of them when none was.
  if (gate === null) facts.checkAllRead();
  return { events, untimed };
}

/** The span of the times of a part's events, and whether any has none (NaN). */
export interface TimeSpan {
  min: number;
  max: number;
  untimed: boolean;
}

/** How many of the columns' events have a time at or after `from` (none without a time has). */
export function countFrom(columns: EventColumns, from: number): number {
  const span = timeSpanOf(columns);
  if (!(span.max >= from)) return 0;
  if (span.min >= from && !span.untimed) return columns.count;
  return countAtOrAfter(columns.ts, from);
}

/** How many of the times `ts` are at or after `from`. */
export function countAtOrAfter(ts: Float64Array, from: number): number {
  let n = 0;
  for (let i = 0; i < ts.length; i++) if (ts[i]! >= from) n++;
  return n;
}

/** Each columns' time span, worked out once however often their events are picked from. */
const timeSpans = new WeakMap<EventColumns, TimeSpan>();

function timeSpanOf(columns: EventColumns): TimeSpan {
  let span = timeSpans.get(columns);
  if (span === undefined) timeSpans.set(columns, (span = widenedSpan(EMPTY_SPAN, columns.ts)));
  return span;
}

/** The span of no times, which any time widens. */
export const EMPTY_SPAN: TimeSpan = Object.freeze({ min: Infinity, max: -Infinity, untimed: false });

/** The span of the times of two spans together. */
export function joinedSpan(a: TimeSpan, b: TimeSpan): TimeSpan {
  return { min: Math.min(a.min, b.min), max: Math.max(a.max, b.max), untimed: a.untimed || b.untimed };
}

/** `span` widened to the times `ts` (a part's, or some of its rows'). */
export function widenedSpan(span: TimeSpan, ts: Float64Array): TimeSpan {
  let { min, max, untimed } = span;
  for (let i = 0; i < ts.length; i++) {
    const t = ts[i]!;
    if (t < min) min = t;
    if (t > max) max = t;
    if (Number.isNaN(t)) untimed = true;
  }
  return { min, max, untimed };
}

/** Each columns' rows' places in the facts columns, worked out once however often their events are picked from. */
const factStartsKept = new WeakMap<EventColumns, Int32Array>();

/**
 * Where each row's facts start in the four facts columns (text, number, flag, JSON), at
 * `4 * row + kind`, and after the last row where they end, which must be each column's length.
 */
function factStartsOf(columns: EventColumns): Int32Array {
  const kept = factStartsKept.get(columns);
  if (kept !== undefined) return kept;
  const { count, factMask } = columns;
  const starts = new Int32Array(4 * (count + 1));
  // Counted a word at a time, by the bits of each kind: several times faster than a walk over
  // every fact, which a warm run would take over every row of the cache.
  let text = 0;
  let number = 0;
  let flag = 0;
  let json = 0;
  for (let i = 0; i < count; i++) {
    starts[4 * i] = text;
    starts[4 * i + 1] = number;
    starts[4 * i + 2] = flag;
    starts[4 * i + 3] = json;
    for (let w = 0; w < FACT_WORDS; w++) {
      const mask = factMask[i * FACT_WORDS + w]!;
      if (mask === 0) continue;
      text += factsOfKind(mask, w, 0);
      number += factsOfKind(mask, w, 1);
      flag += factsOfKind(mask, w, 2);
      json += factsOfKind(mask, w, 3);
    }
  }
  starts.set([text, number, flag, json], 4 * count);
  // The masks must ask for every value of every facts column, as a walk through all rows would.
  const end = new FactsDecoder(columns, []);
  end.seek(count, starts);
  end.checkAllRead();
  factStartsKept.set(columns, starts);
  return starts;
}

/** For each kind of fact (text, number, flag, JSON, as FACT_KIND_CODE) and mask word, its facts' bits. */
const KIND_BITS = (() => {
  const bits = new Uint32Array(4 * FACT_WORDS);
  FACT_FIELDS.forEach((_, f) => {
    bits[FACT_KIND_CODE[f]! * FACT_WORDS + (f >>> 5)]! |= 1 << (f & 31);
  });
  return bits;
})();

/**
 * How many facts of a kind (text, number, flag, JSON: 0 to 3) word `w` of an event's fact mask
 * says it has.
 */
export function factsOfKind(mask: number, w: number, kind: number): number {
  return bitCount(mask & KIND_BITS[kind * FACT_WORDS + w]!);
}

/** The facts columns, in the order of their kinds' codes (text, number, flag, JSON). */
export const FACT_COLUMNS = ["factText", "factNumber", "factFlag", "factJson"] as const;

/**
 * Adds to `sums` (text, number, flag, JSON) the facts of each kind that rows `from` to `to` of
 * `masks` ask for, `masks` holding FACT_WORDS words a row.
 */
export function addFactCounts(masks: Uint32Array, from: number, to: number, sums: Float64Array): void {
  for (let i = from; i < to; i++)
    for (let w = 0; w < FACT_WORDS; w++) {
      const mask = masks[i * FACT_WORDS + w]!;
      if (mask !== 0) for (let kind = 0; kind < 4; kind++) sums[kind]! += factsOfKind(mask, w, kind);
    }
}

/** How many bits of a 32-bit word are set. */
function bitCount(word: number): number {
  let x = word - ((word >>> 1) & 0x55555555);
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return Math.imul((x + (x >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24;
}

/** The strings of a dictionary read once, not kept: a whole decode needs them only while it runs. */
function valuesOfOnce(columns: EventColumns): Array<string | null | undefined> {
  return parsedDictionaries.get(columns) ?? valuesByIndex(dictionaryOf(columns));
}

/** The strings of the columns' dictionary, parsed from its bytes; throws when they are not a list of strings. */
export function dictionaryOf(columns: EventColumns): string[] {
  // A Buffer over the same bytes: Buffer.from of a typed array would copy them (some 15 MB).
  const { buffer, byteOffset, byteLength } = columns.dictionary;
  const dictionary: unknown = JSON.parse(Buffer.from(buffer, byteOffset, byteLength).toString("utf8"));
  if (!Array.isArray(dictionary) || !dictionary.every((s) => typeof s === "string"))
    throw new Error("the dictionary is not a list of strings");
  return dictionary as string[];
}

/**
 * The value of every index a string column may hold, at the index plus two: -2 (absent) is
 * undefined, -1 null, and 0 on the dictionary's strings. Any other index reads undefined.
 */
function valuesByIndex(dictionary: readonly string[]): Array<string | null | undefined> {
  const values = new Array<string | null | undefined>(dictionary.length + 2);
  values[0] = undefined;
  values[1] = null;
  for (let i = 0; i < dictionary.length; i++) values[i + 2] = dictionary[i];
  return values;
}

/** Each fact's name, by its bit. */
const FACT_NAME = FACT_FIELDS.map((f) => f.name);

/** Reads the events' facts in event order, each value from the column of its kind at that column's cursor. */
class FactsDecoder {
  private text = 0;
  private number = 0;
  private flag = 0;
  private json = 0;
  private readonly columns: EventColumns;
  private readonly values: ReadonlyArray<string | null | undefined>;

  constructor(columns: EventColumns, values: ReadonlyArray<string | null | undefined>) {
    this.columns = columns;
    this.values = values;
  }

  /** Event `i`'s facts, in field order: the order extractFacts writes them in, and so its hidden classes. */
  next(i: number): EventFacts {
    const { factMask, factText, factNumber, factFlag, factJson } = this.columns;
    let facts: Record<string, unknown> | null = null;
    for (let w = 0; w < FACT_WORDS; w++) {
      let mask = factMask[i * FACT_WORDS + w]!;
      while (mask !== 0) {
        const f = w * 32 + 31 - Math.clz32(mask & -mask);
        mask &= mask - 1;
        if (f >= FACT_FIELDS.length) throw new Error(`event ${i} has a fact out of range`);
        let value: unknown;
        switch (FACT_KIND_CODE[f]) {
          case 0:
            value = this.values[factText[this.text++]! + 2];
            break;
          case 1:
            value = factNumber[this.number++];
            break;
          case 2:
            value = factFlag[this.flag++] === 1;
            break;
          default: {
            const json = this.values[factJson[this.json++]! + 2];
            value = typeof json === "string" ? JSON.parse(json) : undefined;
          }
        }
        // Past the end of its column (the masks ask for more values than there are), or a string
        // index out of the dictionary.
        if (value === undefined) throw new Error(`event ${i} has a fact out of range`);
        (facts ??= {})[FACT_NAME[f]!] = value;
      }
    }
    return (facts as EventFacts | null) ?? NO_FACTS;
  }

  /** Puts the cursors at event `i`'s facts, by the starts factStartsOf worked out. */
  seek(i: number, starts: Int32Array): void {
    this.text = starts[4 * i]!;
    this.number = starts[4 * i + 1]!;
    this.flag = starts[4 * i + 2]!;
    this.json = starts[4 * i + 3]!;
  }

  /** Moves past event `i`'s facts without making them. */
  skip(i: number): void {
    for (let w = 0; w < FACT_WORDS; w++) {
      let mask = this.columns.factMask[i * FACT_WORDS + w]!;
      while (mask !== 0) {
        const f = w * 32 + 31 - Math.clz32(mask & -mask);
        mask &= mask - 1;
        switch (FACT_KIND_CODE[f]) {
          case 0:
            this.text++;
            break;
          case 1:
            this.number++;
            break;
          case 2:
            this.flag++;
            break;
          default:
            this.json++;
        }
      }
    }
  }

  /** Throws unless the masks asked for every value of every facts column, no more and no fewer. */
  checkAllRead(): void {
    const c = this.columns;
    if (
      this.text !== c.factText.length ||
      this.number !== c.factNumber.length ||
      this.flag !== c.factFlag.length ||
      this.json !== c.factJson.length
    )
      throw new Error("the facts columns do not match their masks");
  }
}

/** Throws unless every column has the length its count says and every line's bytes are in `raw`. */
function checkColumns(c: EventColumns, raw: { length: number }): void {
  const n = c.count;
  for (const [name, width] of ROW_WIDTHS) {
    const length = c[name].length;
    if (length !== n * width) throw new Error(`column ${name} has ${length} entries, not ${n * width}`);
  }
  for (let i = 0; i < n; i++) {
    const start = c.rawStart[i]!;
    const end = start + c.rawLength[i]!;
    if (!(start >= 0 && end >= start && end <= raw.length))
      throw new Error(`line bytes of event ${i} out of range`);
  }
}

/** Each column that holds values by row, and how many values a row has in it. */
export const ROW_WIDTHS: ReadonlyArray<[ColumnName, number]> = [
  ["ts", 1],
  ["line", 1],
  ["needsTime", 1],
  ["source", 1],
  ["text", TEXT_FIELDS.length],
  ["twin", 1],
  ["tsEstimated", 1],
  ["factMask", FACT_WORDS],
  ["rawStart", 1],
  ["rawLength", 1],
  ["fileOffset", 1],
];

/** The columns in the order they are written as bytes; the order is part of the format. */
export const COLUMN_ORDER = [
  "ts",
  "line",
  "needsTime",
  "source",
  "text",
  "twin",
  "tsEstimated",
  "factMask",
  "factText",
  "factNumber",
  "factFlag",
  "factJson",
  "dictionary",
  "rawStart",
  "rawLength",
  "fileOffset",
  "rawBytes",
] as const satisfies ReadonlyArray<Exclude<keyof EventColumns, "count">>;

/**
 * The layout of the columns as text: the text fields, the facts with their kinds, the sources and
 * the columns' order. The parse cache keys on it, so a fact added to the schema (which shifts the
 * bits of the fact mask) makes every cache written before it a miss.
 */
export const COLUMNS_LAYOUT = JSON.stringify({
  text: TEXT_FIELDS,
  facts: FACT_FIELDS,
  sources: SOURCES,
  columns: COLUMN_ORDER,
});

/** A column's name. */
export type ColumnName = (typeof COLUMN_ORDER)[number];

/** Each column's element size and how a typed array of it is made over bytes. */
export const COLUMN_TYPES: Record<
  (typeof COLUMN_ORDER)[number],
  { BYTES_PER_ELEMENT: number; make: (b: ArrayBuffer, o: number, n: number) => ArrayBufferView }
> = {
  ts: { BYTES_PER_ELEMENT: 8, make: (b, o, n) => new Float64Array(b, o, n) },
  line: { BYTES_PER_ELEMENT: 4, make: (b, o, n) => new Int32Array(b, o, n) },
  needsTime: { BYTES_PER_ELEMENT: 1, make: (b, o, n) => new Uint8Array(b, o, n) },
  source: { BYTES_PER_ELEMENT: 1, make: (b, o, n) => new Uint8Array(b, o, n) },
  text: { BYTES_PER_ELEMENT: 4, make: (b, o, n) => new Int32Array(b, o, n) },
  twin: { BYTES_PER_ELEMENT: 4, make: (b, o, n) => new Int32Array(b, o, n) },
  tsEstimated: { BYTES_PER_ELEMENT: 1, make: (b, o, n) => new Uint8Array(b, o, n) },
  factMask: { BYTES_PER_ELEMENT: 4, make: (b, o, n) => new Uint32Array(b, o, n) },
  factText: { BYTES_PER_ELEMENT: 4, make: (b, o, n) => new Int32Array(b, o, n) },
  factNumber: { BYTES_PER_ELEMENT: 8, make: (b, o, n) => new Float64Array(b, o, n) },
  factFlag: { BYTES_PER_ELEMENT: 1, make: (b, o, n) => new Uint8Array(b, o, n) },
  factJson: { BYTES_PER_ELEMENT: 4, make: (b, o, n) => new Int32Array(b, o, n) },
  dictionary: { BYTES_PER_ELEMENT: 1, make: (b, o, n) => new Uint8Array(b, o, n) },
  rawStart: { BYTES_PER_ELEMENT: 8, make: (b, o, n) => new Float64Array(b, o, n) },
  rawLength: { BYTES_PER_ELEMENT: 4, make: (b, o, n) => new Int32Array(b, o, n) },
  fileOffset: { BYTES_PER_ELEMENT: 8, make: (b, o, n) => new Float64Array(b, o, n) },
  rawBytes: { BYTES_PER_ELEMENT: 1, make: (b, o, n) => new Uint8Array(b, o, n) },
};

/** The buffers of the columns, for a worker's transfer list. */
export function columnBuffers(columns: EventColumns): ArrayBuffer[] {
  return [...new Set(COLUMN_ORDER.map((name) => columns[name].buffer as ArrayBuffer))];
}

/**
 * Columns that hold a 0 for almost every event (a twin's number, whether its producer wrote no
 * time, whether its time was estimated): written empty when they hold nothing else, 6 of the bytes
 * of every event of a cache file.
 */
export const MOSTLY_ZERO: ReadonlyArray<(typeof COLUMN_ORDER)[number]> = ["twin", "needsTime", "tsEstimated"];

function isAllZero(column: ArrayLike<number>): boolean {
  for (let i = 0; i < column.length; i++) if (column[i] !== 0) return false;
  return true;
}

/**
 * The columns as bytes, for the cache: the count, then each column's byte length and bytes,
 * padded to 8 so that every column can be read in place. `withRaw` false leaves the line bytes out,
 * as they are read from the file again, and with them where each line starts in them: it is where
 * the line starts in the file (`fileOffset`), which columnsFromBytes gives in its place. That is 8
 * of the 112 bytes per event of the bench's cache.
 */
export function columnsToBytes(columns: EventColumns, withRaw: boolean): Buffer[] {
  const pieces: Buffer[] = [];
  const head = Buffer.alloc(8);
  head.writeUInt32LE(columns.count, 0);
  head.writeUInt32LE(COLUMN_ORDER.length, 4);
  pieces.push(head);
  for (const name of COLUMN_ORDER) {
    const column =
      ((name === "rawBytes" || name === "rawStart") && !withRaw) ||
      (MOSTLY_ZERO.includes(name) && isAllZero(columns[name]))
        ? new Uint8Array(0)
        : columns[name];
    const length = Buffer.alloc(8);
    length.writeDoubleLE(column.byteLength, 0);
    pieces.push(length, Buffer.from(column.buffer, column.byteOffset, column.byteLength));
    const pad = (8 - (column.byteLength % 8)) % 8;
    if (pad > 0) pieces.push(Buffer.alloc(pad));
  }
  return pieces;
}

/**
 * Columns from bytes `columnsToBytes` wrote, read in place from `bytes` at `offset` (which must be
 * a multiple of 8 in its ArrayBuffer), and where they end. Every length is checked against the
 * bytes there are, so a damaged file throws instead of reading past its end.
 */
export function columnsFromBytes(bytes: Uint8Array, offset: number): { columns: EventColumns; end: number } {
  if ((bytes.byteOffset + offset) % 8 !== 0) throw new Error("columns are not aligned");
  const { count, places, end } = columnsLayout(
    (at) => new DataView(bytes.buffer, bytes.byteOffset + at, 8),
    offset,
    bytes.length,
  );
  const columns: Partial<Record<string, unknown>> = { count };
  for (const name of COLUMN_ORDER) {
    const { at, byteLength } = places[name];
    const type = COLUMN_TYPES[name];
    columns[name] =
      byteLength === 0 && MOSTLY_ZERO.includes(name)
        ? // Written empty as it held only zeros: zeros again, in memory mapped only when written.
          type.make(new ArrayBuffer(count * type.BYTES_PER_ELEMENT), 0, count)
        : type.make(bytes.buffer as ArrayBuffer, bytes.byteOffset + at, byteLength / type.BYTES_PER_ELEMENT);
  }
  const read = columns as unknown as EventColumns;
  // Written without the line bytes: each line starts where it does in the file.
  if (read.rawStart.length === 0 && read.rawBytes.length === 0) read.rawStart = read.fileOffset;
  return { columns: read, end };
}

/** Where a column's bytes are in columns written as bytes. */
export interface ColumnPlace {
  /** Its first byte. */
  at: number;
  /** How many bytes it has: 0 for a column written empty (see MOSTLY_ZERO, and lines not kept). */
  byteLength: number;
}

/**
 * The count and each column's place in columns columnsToBytes wrote from `offset`, and where they
 * end, from their lengths alone: `word` gives the 8 bytes at a place (of `size` in all). Throws
 * when a length is not one of its column or reaches past `size`, so damaged bytes are never read
 * as columns; the columns themselves need not be in memory (see PartFile).
 */
export function columnsLayout(
  word: (at: number) => DataView,
  offset: number,
  size: number,
): { count: number; places: Record<ColumnName, ColumnPlace>; end: number } {
  let at = offset;
  const need = (n: number): void => {
    if (!(n >= 0 && at + n <= size)) throw new Error("the columns are cut short");
  };
  need(8);
  const head = word(at);
  const count = head.getUint32(0, true);
  if (head.getUint32(4, true) !== COLUMN_ORDER.length) throw new Error("another number of columns");
  at += 8;
  const places: Partial<Record<ColumnName, ColumnPlace>> = {};
  for (const name of COLUMN_ORDER) {
    need(8);
    const byteLength = word(at).getFloat64(0, true);
    at += 8;
    if (!Number.isSafeInteger(byteLength) || byteLength % COLUMN_TYPES[name].BYTES_PER_ELEMENT !== 0)
      throw new Error(`column ${name} has a bad length`);
    need(byteLength);
    places[name] = { at, byteLength };
    at += byteLength + ((8 - (byteLength % 8)) % 8);
  }
  return { count, places: places as Record<ColumnName, ColumnPlace>, end: Math.min(at, size) };
}

/**
 * The first `used` values of a column: a view when they fill at least half of it, else a copy, so
 * that a column sized by a guess far too long does not keep its unused room alive.
 */
function fitted<T extends Uint8Array | Uint16Array | Uint32Array | Int32Array | Float64Array>(
  column: T,
  used: number,
): T {
  return (used * 2 >= column.length ? column.subarray(0, used) : column.slice(0, used)) as T;
}
