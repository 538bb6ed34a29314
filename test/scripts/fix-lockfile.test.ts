import { describe, expect, it } from "vitest";
import { addMissingOptionals, platformOf, type Lock } from "../../scripts/fix-lockfile.ts";

describe("platformOf", () => {
  it("reads os, cpu and libc from a binary package's name", () => {
    expect(platformOf("@astrojs/compiler-binding-linux-arm64-musl")).toEqual({
      cpu: ["arm64"],
      libc: ["musl"],
      os: ["linux"],
    });
    expect(platformOf("@rollup/rollup-linux-x64-gnu")).toEqual({
      cpu: ["x64"],
      libc: ["glibc"],
      os: ["linux"],
    });
    expect(platformOf("@esbuild/darwin-arm64")).toEqual({ cpu: ["arm64"], os: ["darwin"] });
    expect(platformOf("fsevents")).toEqual({});
  });
});

describe("addMissingOptionals", () => {
  const lock: Lock = {
    name: "workscope",
    lockfileVersion: 3,
    packages: {
      "": { name: "workscope" },
      "node_modules/@astrojs/compiler-binding": {
        version: "1.0.0",
        optionalDependencies: {
          "@astrojs/compiler-binding-linux-x64-gnu": "1.0.0",
          "@astrojs/compiler-binding-win32-x64-msvc": "1.0.0",
        },
        engines: { node: ">=20" },
      },
      "node_modules/@astrojs/compiler-binding-linux-x64-gnu": { version: "1.0.0", resolved: "kept" },
      "node_modules/other": { version: "2.0.0", optionalDependencies: { "@esbuild/darwin-arm64": "0.25.0" } },
    },
  };

  it("adds an optional entry, with the platform its name declares and its parent's engines, for each missing one", () => {
    const { lock: fixed, added } = addMissingOptionals(lock);
    expect(added).toBe(2);
    expect(fixed.packages["node_modules/@astrojs/compiler-binding-win32-x64-msvc"]).toEqual({
      version: "1.0.0",
      cpu: ["x64"],
      os: ["win32"],
      optional: true,
      engines: { node: ">=20" },
    });
    expect(fixed.packages["node_modules/@esbuild/darwin-arm64"]).toEqual({
      version: "0.25.0",
      cpu: ["arm64"],
      os: ["darwin"],
      optional: true,
    });
    expect(fixed.packages["node_modules/@astrojs/compiler-binding-linux-x64-gnu"]).toEqual({
      version: "1.0.0",
      resolved: "kept",
    });
    expect(fixed["lockfileVersion"]).toBe(3);
  });

  it("orders entries by path with the root first, and changes nothing on a second run", () => {
    const { lock: fixed } = addMissingOptionals(lock);
    const keys = Object.keys(fixed.packages);
    expect(keys[0]).toBe("");
    expect(keys.slice(1)).toEqual([...keys.slice(1)].sort());
    const again = addMissingOptionals(fixed);
    expect(again.added).toBe(0);
    expect(JSON.stringify(again.lock)).toBe(JSON.stringify(fixed));
  });

  it("leaves the lock it was given as it was", () => {
    const before = JSON.stringify(lock);
    addMissingOptionals(lock);
    expect(JSON.stringify(lock)).toBe(before);
  });
});
