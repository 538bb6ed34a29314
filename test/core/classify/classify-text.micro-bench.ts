// A micro-benchmark of the category scorer, run by hand, never by the test runner:
//
//   node_modules/node/bin/node test/core/classify/classify-text.micro-bench.ts [state dir…]
//
// It reads each state directory (the sample when none is named) with the real loader, takes the
// text of every event as the analysis does, and times the reference scorer (the one the scorer
// over typed arrays replaced) against the current one, in alternating rounds so that both see the
// same machine; times are the process's CPU time (user and system), which other work on a shared
// machine disturbs less than the wall clock. It also checks that both give the same evidence and decision for every text.
import path from "node:path";
import { textOf } from "../../../src/core/classify/event-category.ts";
import * as fast from "../../../src/core/classify/classify-text.ts";
import { loadInputs } from "../../../src/ingest/load.ts";
import { silentProgress } from "../../../src/ingest/progress.ts";
import * as reference from "./classify-text.reference.ts";

type Scorer = Pick<typeof fast, "evidenceOf" | "decideCategory">;

const ROUNDS = 5;
/** A round scores the texts as many times as it takes to read at least this many characters. */
const ROUND_CHARS = 5_000_000;

/** The CPU time this process has used so far, in ms. */
function cpuMs(): number {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
}

/** Scores every text as the analysis does (evidence, then a decision); returns a checksum. */
function run(scorer: Scorer, texts: readonly string[]): number {
  let sum = 0;
  for (const text of texts) sum += scorer.decideCategory(scorer.evidenceOf(text)).categoryConfidence;
  return sum;
}

async function main(): Promise<void> {
  const dirs = process.argv.slice(2);
  for (const dir of dirs.length > 0 ? dirs : ["content/sample"]) {
    const input = await loadInputs([dir], process.cwd(), () => silentProgress);
    const texts: string[] = [];
    for (const event of input.events) {
      const text = textOf(event.facts);
      if (text !== null) texts.push(text);
    }
    const chars = texts.reduce((n, t) => n + t.length, 0);
    const repeats = Math.max(1, Math.ceil(ROUND_CHARS / Math.max(1, chars)));
    let differ = 0;
    for (const text of texts) {
      const a = fast.evidenceOf(text);
      const b = reference.evidenceOf(text);
      if (
        JSON.stringify(a) !== JSON.stringify(b) ||
        JSON.stringify(fast.decideCategory(a)) !== JSON.stringify(reference.decideCategory(b))
      )
        differ++;
    }
    console.log(
      `${path.basename(dir)}: ${texts.length} texts (${new Set(texts).size} distinct, ${chars} chars), ${differ} differ; ${repeats} pass(es) a round`,
    );
    const times: Record<"reference" | "fast", number[]> = { reference: [], fast: [] };
    for (let round = 0; round < ROUNDS; round++) {
      for (const [name, scorer] of [
        ["reference", reference],
        ["fast", fast],
      ] as const) {
        const start = cpuMs();
        for (let r = 0; r < repeats; r++) run(scorer, texts);
        times[name].push(cpuMs() - start);
      }
    }
    const median = (xs: number[]): number =>
      [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)] as number;
    const [old, now] = [median(times.reference), median(times.fast)];
    console.log(
      `  reference ${times.reference.map((t) => t.toFixed(0)).join(" ")} ms CPU, median ${old.toFixed(0)}`,
      `\n  fast      ${times.fast.map((t) => t.toFixed(0)).join(" ")} ms CPU, median ${now.toFixed(0)}`,
      `\n  ${(old / now).toFixed(2)}× faster`,
    );
  }
}

await main();
