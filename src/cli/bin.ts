#!/usr/bin/env node
/**
 * The command's entry (package.json's bin): `--version` alone is answered from the package's version, before
 * the command line's parser and the commands are loaded (main.ts), which took twice node's own start.
 */
import { VERSION } from "../version.js";

const [first, ...rest] = process.argv.slice(2);
if (rest.length === 0 && (first === "--version" || first === "-v")) process.stdout.write(`${VERSION}\n`);
else await import("./main.js");
