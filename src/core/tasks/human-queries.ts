import * as z from "zod";
import { pushTo } from "../group.ts";

/** A question a worker raised through the orchestrator for a person. */
export const HumanQuery = z.object({
  /** The question. */
  question: z.string(),
  /** When it was asked, epoch ms. */
  askedMs: z.number(),
  /** When it was answered, epoch ms. */
  answeredMs: z.number().optional(),
  /** The answer. */
  answer: z.string().optional(),
});
export type HumanQuery = z.infer<typeof HumanQuery>;

/** One step of the human-query lifecycle, as events show it. */
export interface QueryStep {
  /** A question asked, or an answer given. */
  kind: "asked" | "answered";
  /** The task it names; null for an answer that names none. */
  taskId: string | null;
  /** The run it happened in (a work session or a v1.1 run), to find the one pending question. */
  scope: string | null;
  /** The question or the answer. */
  text: string;
  ts: number;
  /** Where the event was read, for a finding. */
  file: string;
  line: number;
}

/** The questions of the `[NEED_HUMAN: …]` markers in a message. */
export function needHumanQuestions(message: string): string[] {
  return [...message.matchAll(/\[NEED_HUMAN:\s*([^\]]+)\]/g)]
    .map((m) => (m[1] ?? "").trim())
    .filter((q) => q.length > 0);
}

/**
 * Pairs questions with answers in time order. An answer naming a task answers that task's oldest
 * open question; an answer naming none answers the one open question of its run, and when more
 * than one is open it is reported as ambiguous, never guessed.
 */
export function pairQueries(steps: readonly QueryStep[]): {
  byTask: Map<string, HumanQuery[]>;
  ambiguous: Array<{ step: QueryStep; open: string[] }>;
} {
  const ordered = [...steps].sort((a, b) => a.ts - b.ts);
  const asked = ordered.filter(isQuestion);
  const { answers, ambiguous } = matchAnswers(ordered);
  const byTask = new Map<string, HumanQuery[]>();
  for (const question of asked) {
    const answer = answers.get(question);
    // Keys in the order the Report has always written them: the answer before its time.
    pushTo(byTask, question.taskId, {
      question: question.text,
      askedMs: question.ts,
      ...(answer === undefined ? {} : { answer: answer.text, answeredMs: answer.ts }),
    });
  }
  return { byTask, ambiguous };
}

/** Each answered question's answer, and the answers that could belong to more than one question. */
function matchAnswers(ordered: readonly QueryStep[]): {
  answers: Map<QueryStep, QueryStep>;
  ambiguous: Array<{ step: QueryStep; open: string[] }>;
} {
  const answers = new Map<QueryStep, QueryStep>();
  const ambiguous: Array<{ step: QueryStep; open: string[] }> = [];
  const open: Question[] = [];
  for (const step of ordered) {
    if (step.kind === "asked") {
      if (isQuestion(step)) open.push(step);
      continue;
    }
    const candidates =
      step.taskId !== null
        ? open.filter((o) => o.taskId === step.taskId)
        : open.filter((o) => o.scope === step.scope);
    if (step.taskId === null && candidates.length > 1) {
      ambiguous.push({ step, open: candidates.map((c) => c.taskId) });
      continue;
    }
    const target = candidates[0];
    if (target === undefined) continue;
    answers.set(target, step);
    open.splice(open.indexOf(target), 1);
  }
  return { answers, ambiguous };
}

/** A question that names its task: the only questions a task can list. */
type Question = QueryStep & { kind: "asked"; taskId: string };

function isQuestion(step: QueryStep): step is Question {
  return step.kind === "asked" && step.taskId !== null;
}
