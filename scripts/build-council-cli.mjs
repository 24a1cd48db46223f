#!/usr/bin/env node
// Part of `npm run build`: compiles the `npm run council` command to build/cli/council.js.
import { buildCouncilCli } from "./lib/council-cli.mjs";

const file = await buildCouncilCli();
console.log(`council command: ${file}`);
