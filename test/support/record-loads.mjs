// node --import test/support/record-loads.mjs ...: appends the URL of every module loaded through the ESM loader to $RECORD_LOADS.
import { register } from "node:module";

register(new URL("./record-loads-hooks.mjs", import.meta.url));
