/**
 * OpenClaw session keys look like `agent:<id>:main` or `agent:<id>:subagent:<uuid>`; the second
 * part is always the agent id (see docs/formats.md#session-keys).
 */
export function agentFromSessionKey(key: unknown): string | null {
  if (typeof key !== "string" || !key.startsWith("agent:")) return null;
  const end = key.indexOf(":", 6);
  const id = end === -1 ? key.slice(6) : key.slice(6, end);
  return id.length > 0 ? id : null;
}
