import { wallTimeMs } from "../zone.ts";
import { TIME_WORDS, type Locale, type TimeWord } from "./labels.ts";

const pad = (n: number): string => String(n).padStart(2, "0");

/**
 * A time as `YYYY-MM-DD HH:mm` on the wall clock of a zone (an IANA name, `UTC` included): the same
 * on every machine that builds the site, whatever the machine's own zone.
 */
export function formatTime(ms: number, zone: string): string {
  const d = new Date(wallTimeMs(ms, zone));
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`;
}

/** A time as `YYYY-MM-DDTHH:mm:ssZ`, for `<time datetime>`. */
export function isoTime(ms: number): string {
  return `${new Date(ms).toISOString().slice(0, 19)}Z`;
}

/** Units of relative time, largest first: their length in ms and the word that names them. */
const UNITS: ReadonlyArray<{ ms: number; unit: TimeWord }> = [
  { ms: 365 * 86_400_000, unit: "years" },
  { ms: 30 * 86_400_000, unit: "months" },
  { ms: 7 * 86_400_000, unit: "weeks" },
  { ms: 86_400_000, unit: "days" },
  { ms: 3_600_000, unit: "hours" },
  { ms: 60_000, unit: "minutes" },
];

/** How long before `nowMs` a time was, as a person says it: `3일 전`, `3d ago`. */
export function relativeTime(ms: number, nowMs: number, locale: Locale): string {
  const diff = nowMs - ms;
  const abs = Math.abs(diff);
  const found = UNITS.find((u) => abs >= u.ms);
  if (found === undefined) return TIME_WORDS.justNow[locale];
  return TIME_WORDS[diff < 0 ? "fromNow" : "ago"][locale]
    .replace("{n}", String(Math.floor(abs / found.ms)))
    .replace("{unit}", TIME_WORDS[found.unit][locale]);
}

/** A duration in ms as `1h 5m`, `42s`. */
export function formatDuration(ms: number): string {
  const s = Math.round(ms / 1000);
  if (s < 60) return `${s}s`;
  const m = Math.floor(s / 60);
  if (m < 60) return `${m}m ${s % 60}s`;
  return `${Math.floor(m / 60)}h ${m % 60}m`;
}

/**
 * The number formats of the site's languages, each grouping digits as its readers do, made at
 * their first use: only pages show counts, and making the Korean one when the module loaded (the
 * runtime's locale data read for it) took some 15 ms of the start of every command, `analyze`'s
 * and `--help`'s too.
 */
const COUNT_FORMATS: Partial<Record<Locale, Intl.NumberFormat>> = {};
const COUNT_LOCALES: Readonly<Record<Locale, string>> = { ko: "ko-KR", en: "en-US" };

/** A count (of tokens, messages …) in the language's number format: `12,345`. */
export function formatCount(n: number, locale: Locale): string {
  return (COUNT_FORMATS[locale] ??= new Intl.NumberFormat(COUNT_LOCALES[locale])).format(n);
}
