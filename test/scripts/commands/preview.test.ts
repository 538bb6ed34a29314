import path from "node:path";
import { describe, expect, it } from "vitest";
import { UsageError } from "../../../scripts/args.ts";
import { PREVIEW_HELP, runPreview } from "../../../scripts/commands/preview.ts";
import { tmpTree } from "../../helpers/tmp.ts";

describe("workscope preview", () => {
  it("explains its options", () => {
    for (const option of ["--out DIR", "--port N"]) expect(PREVIEW_HELP).toContain(option);
  });

  it("refuses a folder that holds no site, and a port that is no port, before it serves anything", async () => {
    const site = tmpTree({ "index.html": "<!doctype html>" });
    await expect(runPreview(["--out", tmpTree()])).rejects.toThrow(/holds no site/);
    await expect(runPreview(["--out", path.join(site, "missing")])).rejects.toBeInstanceOf(UsageError);
    for (const port of ["0", "65536", "http", "80.5"])
      await expect(runPreview(["--out", site, "--port", port]), port).rejects.toThrow(/--port should be/);
    await expect(runPreview(["--out", site, "--host"])).rejects.toBeInstanceOf(UsageError);
  });
});
