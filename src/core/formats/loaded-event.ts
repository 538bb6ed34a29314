import { BaseEvent, CanonicalEvent } from "../event.ts";
import type { EventFacts } from "../event-facts.ts";
import type { StoredLine } from "../stored-line.ts";

/**
 * An event as ingest makes it (a line through a format, or the cache's columns decoded): the
 * fields of BaseEvent in its order, `invalid` only on a v1.1 `schema_error`, the optional rest
 * absent. Every format and the columns make their events here, so that all take one chain of
 * hidden classes, and the object is one a literal would give: its own keys in the same order, the
 * plain object prototype.
 *
 * It is made by a constructor rather than a literal for its size. A literal gets room for exactly
 * the fields it names, so the fields the analysis writes onto every event later (dedupe's
 * `madeId`, classification's four) went to a separate property store, allocated for each event
 * and grown once on the way, a tenth of everything the classification stage allocated. A
 * constructor's objects get room for the fields its first objects were seen to take (V8 trims it
 * to those after the first few): `LOADED_LATER` shows them to it once, when this module loads,
 * so every event has a place for them in the object itself.
 */
export const LoadedEvent = constructEvent as unknown as new (
  id: string | null,
  ts: number,
  type: string,
  source: BaseEvent["source"],
  agentId: string | null,
  fromAgent: string | null,
  toAgent: string | null,
  workSessionId: string | null,
  conversationId: string | null,
  taskId: string | null,
  raw: Uint8Array | StoredLine,
  invalid: string | undefined,
  file: string,
  line: number,
  facts: EventFacts,
) => BaseEvent;

function constructEvent(
  this: BaseEvent,
  id: string | null,
  ts: number,
  type: string,
  source: BaseEvent["source"],
  agentId: string | null,
  fromAgent: string | null,
  toAgent: string | null,
  workSessionId: string | null,
  conversationId: string | null,
  taskId: string | null,
  raw: Uint8Array | StoredLine,
  invalid: string | undefined,
  file: string,
  line: number,
  facts: EventFacts,
): void {
  this.id = id;
  this.ts = ts;
  this.type = type;
  this.source = source;
  this.agentId = agentId;
  this.fromAgent = fromAgent;
  this.toAgent = toAgent;
  this.workSessionId = workSessionId;
  this.conversationId = conversationId;
  this.taskId = taskId;
  this.raw = raw;
  if (invalid !== undefined) this.invalid = invalid;
  this.file = file;
  this.line = line;
  this.facts = facts;
}
// Objects made by `new` take the plain object prototype, as a literal's do.
constructEvent.prototype = Object.prototype;

/**
 * The fields the analysis writes onto loaded events: those a CanonicalEvent has and a BaseEvent
 * does not, in the schemas' order, which is the order they are written in (dedupe's id of an event
 * without its own, then classification's). Derived from the schemas, so a field added there is
 * given room here too. Written once onto an event made here when the module loads, before V8
 * settles the size of the constructor's objects.
 */
export const LOADED_LATER: readonly string[] = Object.keys(CanonicalEvent.shape).filter(
  (name) => !Object.hasOwn(BaseEvent.shape, name),
);

/**
 * The event that shows the constructor the fields written later. It is kept for as long as the
 * module lives: the chain of shapes it made is held only through objects that have it, and a full
 * garbage collection before V8 has settled the constructor's size would otherwise drop the chain,
 * and every event would go back to a separate store for the later fields.
 */
export const PRIMED_EVENT: Readonly<Record<string, unknown>> = primed();

function primed(): Record<string, unknown> {
  const first = new LoadedEvent(
    null,
    Number.NaN,
    "",
    "openclaw",
    null,
    null,
    null,
    null,
    null,
    null,
    new Uint8Array(0),
    undefined,
    "",
    1,
    {},
  );
  const later = first as unknown as Record<string, unknown>;
  for (const name of LOADED_LATER) later[name] = name === "statedCategory" ? null : "";
  return later;
}
