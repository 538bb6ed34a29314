/** One line of the sample's OpenClaw log, before it is routed to a monthly file. */
export interface LogLine {
  /** Epoch ms, for ordering and for choosing the monthly file. */
  ts: number;
  /** The JSON line. */
  text: string;
}

/** What the scenarios write to: OpenClaw coordination events, in the producer's compact shape. */
export interface Log {
  lines: LogLine[];
  /** Appends `{type, agentId, ts, data}`; keys with undefined values are left out, as OpenClaw does. */
  emit(type: string, agentId: string, ts: number, data: Record<string, unknown>): void;
}

export function createLog(): Log {
  const lines: LogLine[] = [];
  return {
    lines,
    emit(type, agentId, ts, data) {
      lines.push({ ts, text: JSON.stringify({ type, agentId, ts, data }) });
    },
  };
}
