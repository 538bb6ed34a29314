import { eventData } from "../event-data.ts";
import type { CanonicalEvent } from "../event.ts";

/**
 * Events' payloads, parsed once each at most and only for the events that need one: events keep
 * their lines as bytes (see CanonicalEvent.raw), and analysis reads the payloads of conversations
 * and of the few events whose fields decide something.
 */
export class Payloads {
  private readonly cache = new Map<CanonicalEvent, Record<string, unknown>>();

  of(event: CanonicalEvent): Record<string, unknown> {
    let data = this.cache.get(event);
    if (data === undefined) this.cache.set(event, (data = eventData(event)));
    return data;
  }
}
