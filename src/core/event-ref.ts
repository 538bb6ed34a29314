import * as z from "zod";
import { EventRole } from "./classify/event-role.ts";
import { eventId, type CanonicalEvent } from "./event.ts";

/**
 * The fields that name one event wherever a listing shows it: which event, when, what, where it
 * is shown and which agents took part. The Report's unattributed events and the site's event
 * rows both begin with these.
 */
export const EventRef = z.object({
  /** The event's id: the producer's, or a fingerprint of the line when it wrote none. */
  id: z.string(),
  /** When it happened, epoch ms. */
  ts: z.number(),
  /** The event type. */
  type: z.string(),
  /** Its role: where it is shown. */
  eventRole: EventRole,
  /** The agent that emitted it, when known. */
  agentId: z.string().nullable(),
  /** The sender of an agent-to-agent event. */
  fromAgent: z.string().nullable(),
  /** The receiver or target of an agent-to-agent event. */
  toAgent: z.string().nullable(),
});
export type EventRef = z.infer<typeof EventRef>;

/** The reference fields of a canonical event, in the order every listing writes them. */
export function eventRef(event: CanonicalEvent): EventRef {
  return {
    id: eventId(event),
    ts: event.ts,
    type: event.type,
    eventRole: event.eventRole,
    agentId: event.agentId,
    fromAgent: event.fromAgent,
    toAgent: event.toAgent,
  };
}
