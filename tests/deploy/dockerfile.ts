import { readFileSync } from "node:fs";
import path from "node:path";
import { repoRoot } from "../../scripts/lib/server.mjs";

type Instruction = { keyword: string; args: string };
type Stage = { image: string; name?: string; instructions: Instruction[] };

/**
 * Instructions grouped by build stage, with line continuations joined, comments dropped, ARG defaults applied and
 * `FROM <earlier stage>` resolved to that stage's base image.
 */
function parseDockerfile(text: string): Stage[] {
  const args = new Map<string, string>();
  const stages: Stage[] = [];
  const logicalLines = text
    .replace(/\\\r?\n/g, " ")
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith("#"));
  for (const line of logicalLines) {
    const [, keyword = "", rest = ""] = /^(\S+)\s*(.*)$/.exec(line) ?? [];
    const instruction = { keyword: keyword.toUpperCase(), args: rest };
    if (instruction.keyword === "ARG" && stages.length === 0) {
      const [name = "", value = ""] = rest.split("=");
      args.set(name, value);
    } else if (instruction.keyword === "FROM") {
      const [, reference = "", name] = /^(\S+)(?:\s+AS\s+(\S+))?/i.exec(rest) ?? [];
      const image = reference.replace(/\$\{(\w+)\}/g, (_, arg: string) => args.get(arg) ?? "");
      const earlierStage = stages.find((stage) => stage.name === image);
      stages.push({ image: earlierStage?.image ?? image, name, instructions: [] });
    } else {
      stages.at(-1)?.instructions.push(instruction);
    }
  }
  return stages;
}

export const stages = parseDockerfile(readFileSync(path.join(repoRoot, "Dockerfile"), "utf8"));

/** The arguments of every `keyword` instruction of the image's final stage, in order. */
export function finalStageArgs(keyword: string): string[] {
  const finalStage = stages.at(-1);
  if (!finalStage) throw new Error("The Dockerfile has no FROM");
  return finalStage.instructions.filter((instruction) => instruction.keyword === keyword).map(({ args }) => args);
}

/** The first stage with a RUN instruction matching `command`. */
export function stageRunning(command: RegExp): Stage | undefined {
  return stages.find((stage) => stage.instructions.some((i) => i.keyword === "RUN" && command.test(i.args)));
}

/** The HEALTHCHECK's command in exec form (options such as --interval dropped). */
export function healthcheckCommand(): string[] {
  const healthcheck = finalStageArgs("HEALTHCHECK").at(-1) ?? "";
  const execForm = /\bCMD\s+(\[.*\])\s*$/.exec(healthcheck)?.[1];
  if (!execForm) throw new Error(`HEALTHCHECK needs an exec-form CMD ["...", ...], got: ${healthcheck}`);
  return JSON.parse(execForm) as string[];
}
