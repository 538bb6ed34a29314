import { createWriteStream } from "node:fs";
import { mkdir, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";

/**
 * Writes a file through a temporary name and renames it into place, so that a reader never sees
 * half of it (a dev server, or a user's script polling the file).
 */
export async function writeFileAtomic(target: string, text: string): Promise<void> {
  await mkdir(path.dirname(path.resolve(target)), { recursive: true });
  const temp = `${target}.${process.pid}.tmp`;
  await writeFile(temp, text);
  await rename(temp, target);
}

/** Streams lines to a file through a temporary name, then renames it into place. */
export async function writeLinesAtomic(target: string, lines: Iterable<string>): Promise<void> {
  await mkdir(path.dirname(path.resolve(target)), { recursive: true });
  const temp = `${target}.${process.pid}.tmp`;
  const out = createWriteStream(temp);
  try {
    for (const line of lines) {
      if (!out.write(`${line}\n`)) await new Promise<void>((resolve) => out.once("drain", resolve));
    }
    await new Promise<void>((resolve, reject) =>
      out.end((error?: Error | null) => (error ? reject(error) : resolve())),
    );
  } catch (error) {
    // The stream opens its file asynchronously: removing the file before the stream has closed it
    // could run before the open, which would then leave the temporary file behind.
    out.destroy();
    if (!out.closed) await new Promise<void>((resolve) => out.once("close", () => resolve()));
    await rm(temp, { force: true });
    throw error;
  }
  await rename(temp, target);
}
