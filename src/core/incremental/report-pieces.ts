import type { Report } from "../report.ts";
import type { ByteSpan } from "./snapshot.ts";

/**
 * A piece of a Report's JSON: text; a value, written as JSON.stringify writes it; a run of list
 * members, written as their JSON separated by commas; or bytes of the Report an earlier run kept.
 * Values and runs are made into text only as they are written, so the text of the whole Report
 * is never held at once.
 */
export type Piece = { text: string } | { json: unknown } | { run: readonly unknown[] } | { kept: ByteSpan };

/** The text of a piece that is not kept bytes. */
export function pieceText(piece: Exclude<Piece, { kept: ByteSpan }>): string {
  if ("text" in piece) return piece.text;
  if ("json" in piece) return JSON.stringify(piece.json);
  const json = JSON.stringify(piece.run);
  return json.slice(1, json.length - 1);
}

/**
 * A Report's compact JSON in pieces, and which pieces are the members of its long lists: the
 * writer works out where each piece lands in the file, so that the next run can find them.
 */
export interface ReportPieces {
  /** The pieces, which join to exactly `JSON.stringify(report)`, without the final newline. */
  pieces: Piece[];
  /** The piece of each work session, task and blocked flow, in the Report's order. */
  sessions: number[];
  tasks: number[];
  flows: number[];
  /** The piece of each run of unattributed events. */
  unattributed: number[];
}

/** What the Report's JSON is made of: its small fields as values, its long lists as pieces. */
export interface ReportParts {
  head: Pick<Report, "schemaVersion" | "generatedAt" | "timeZone" | "input">;
  /** One piece per member. */
  sessions: readonly Piece[];
  /** One piece per run of members (see runPieces). */
  unattributed: readonly Piece[];
  tasks: readonly Piece[];
  flows: readonly Piece[];
  tail: Pick<Report, "agents" | "queueContention" | "weeks">;
}

/**
 * The pieces of the Report, keys in the Report's order (see report.ts): the JSON.stringify of
 * each small field, and the long lists member by member, with the commas between them.
 */
export function reportPieces(parts: ReportParts): ReportPieces {
  const pieces: Piece[] = [];
  const text = (t: string): void => void pieces.push({ text: t });
  const { head, tail } = parts;
  text(
    `{"schemaVersion":${JSON.stringify(head.schemaVersion)},"generatedAt":${JSON.stringify(head.generatedAt)},` +
      `"timeZone":${JSON.stringify(head.timeZone)},"input":${JSON.stringify(head.input)},"workSessions":[`,
  );
  const members = (list: readonly Piece[]): number[] => {
    const at = new Array<number>(list.length);
    for (let i = 0; i < list.length; i++) {
      if (i > 0) pieces.push(COMMA);
      at[i] = pieces.length;
      pieces.push(list[i] as Piece);
    }
    return at;
  };
  const sessions = members(parts.sessions);
  text(`],"unattributed":[`);
  const unattributed = members(parts.unattributed);
  text(`],"tasks":[`);
  const tasks = members(parts.tasks);
  text(`],"blockedFlows":[`);
  const flows = members(parts.flows);
  text(
    `],"agents":${JSON.stringify(tail.agents)},"queueContention":${JSON.stringify(tail.queueContention)},` +
      `"weeks":${JSON.stringify(tail.weeks)}}`,
  );
  return { pieces, sessions, tasks, flows, unattributed };
}

/**
 * The comma between two members: one piece shared by every list, as a piece is never changed once
 * made (a rerun's Report has some 30,000 of them).
 */
const COMMA: Piece = Object.freeze({ text: "," });

/** How many members one piece of a list written in runs holds at most. */
const RUN = 256;

/** A list's members in runs of RUN, each written as one piece (`{ run }`). */
export function runsOf<T>(list: readonly T[]): Array<{ members: readonly T[] }> {
  const runs: Array<{ members: readonly T[] }> = [];
  for (let i = 0; i < list.length; i += RUN) runs.push({ members: list.slice(i, i + RUN) });
  return runs;
}
