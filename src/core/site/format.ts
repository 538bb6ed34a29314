import type { Locale } from "./labels.ts";

const pad = (n: number): string => String(n).padStart(2, "0");

/** A time as `YYYY-MM-DD HH:mm` in UTC: the same on every machine that builds the site. */
export function formatTime(ms: number): string {
  const d = new Date(ms);
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`;
}

/** A time as `YYYY-MM-DDTHH:mm:ssZ`, for `<time datetime>`. */
export function isoTime(ms: number): string {
  return `${new Date(ms).toISOString().slice(0, 19)}Z`;
}

/** Units of relative time, largest first, in ms. */
const UNITS: ReadonlyArray<{ ms: number; ko: string; en: string }> = [
  { ms: 365 * 86_400_000, ko: "년", en: "y" },
  { ms: 30 * 86_400_000, ko: "개월", en: "mo" },
  { ms: 7 * 86_400_000, ko: "주", en: "w" },
  { ms: 86_400_000, ko: "일", en: "d" },
  { ms: 3_600_000, ko: "시간", en: "h" },
  { ms: 60_000, ko: "분", en: "min" },
];

/** How long before `nowMs` a time was, as a person says it: `3일 전`, `3d ago`. */
export function relativeTime(ms: number, nowMs: number, locale: Locale): string {
  const diff = nowMs - ms;
  const future = diff < 0;
  const abs = Math.abs(diff);
  const unit = UNITS.find((u) => abs >= u.ms);
  if (unit === undefined) return locale === "ko" ? "방금" : "just now";
  const n = Math.floor(abs / unit.ms);
  if (locale === "ko") return `${n}${unit.ko} ${future ? "후" : "전"}`;
  return future ? `in ${n}${unit.en}` : `${n}${unit.en} ago`;
}

/** A duration in ms as `1h 5m`, `42s`. */
export function formatDuration(ms: number): string {
  const s = Math.round(ms / 1000);
  if (s < 60) return `${s}s`;
  const m = Math.floor(s / 60);
  if (m < 60) return `${m}m ${s % 60}s`;
  return `${Math.floor(m / 60)}h ${m % 60}m`;
}
