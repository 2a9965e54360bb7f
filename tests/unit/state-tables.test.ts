import { readFileSync } from "node:fs";
import { execFileSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { actionNames, actionOf, stateDef } from "@contract/actions";
import { RESOURCES } from "@contract/resources";
import { BEGIN, END, stateTables, withTables } from "../../scripts/state-tables";

describe("state tables (scripts/state-tables.ts)", () => {
  it("docs/resources.md carries the tables the definitions generate (run the script with --write when this fails)", () => {
    const doc = readFileSync(new URL("../../docs/resources.md", import.meta.url), "utf8");
    expect(doc).toContain(BEGIN);
    expect(doc).toContain(END);
    expect(withTables(doc)).toBe(doc);
    // The script's own check agrees (exit 0).
    expect(() => execFileSync("npx", ["tsx", "scripts/state-tables.ts"], { stdio: "pipe" })).not.toThrow();
  });

  it("a changed definition makes the docs stale", () => {
    const doc = readFileSync(new URL("../../docs/resources.md", import.meta.url), "utf8");
    const stale = doc.replace("| send (发送 / Send) | draft |", "| send (发送 / Send) | sent |");
    expect(withTables(stale)).not.toBe(stale);
    expect(stateTables()).toContain("| send (发送 / Send) | draft | sent | 6 |");
  });

  it("every action names only declared states and leads to another state", () => {
    for (const def of Object.values(RESOURCES)) {
      for (const name of actionNames(def)) {
        const a = actionOf(def, name)!;
        for (const s of [...a.from, a.to]) expect(stateDef(def, s), `${def.name}.${name}: ${s}`).toBeTruthy();
        expect(a.from, `${def.name}.${name}`).not.toContain(a.to);
      }
    }
  });
});
