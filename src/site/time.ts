// How pages show times: in the time zone the build was asked for (`--tz`), which the Report names.
import { formatTime } from "../core/site/format.ts";
import { siteIndex } from "./data.ts";

/** The zone every time on the pages is shown in: an IANA name, `UTC` unless the build named one. */
export function timeZoneName(): string {
  return siteIndex().timeZone;
}

/** A time as `YYYY-MM-DD HH:mm` on the wall clock of the build's zone. */
export function shownTime(ms: number): string {
  return formatTime(ms, timeZoneName());
}
