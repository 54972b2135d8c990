/**
 * A module of the project's own named as the SDK's package, beside the file: a vendored or hand-written client in
 * `firecrawl.py` (or `firecrawl/__init__.py`). Python puts a script's folder first on its path, and a notebook's
 * kernel its working folder, so `from firecrawl import FirecrawlApp` there is that module, not firecrawl-py: the
 * file's imports are not the SDK's, and migrating them would import names the module does not have. Not in a
 * package's module (a folder with `__init__.py`), whose `import firecrawl` is absolute and reaches the SDK; not the
 * module itself; and not a module that imports the SDK itself (a wrapper its author named after it, who took
 * `firecrawl` for the SDK throughout).
 */
import { existsSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { PY_PACKAGE } from "../../mapping/python.js";

/** A module-level import of the package, at the start of a line (a docstring's indented usage line is not one). */
const IMPORTS_SDK = new RegExp(`^(?:from[ \\t]+${PY_PACKAGE}(?:\\.[\\w.]+)?[ \\t]+import\\b|import[ \\t]+${PY_PACKAGE}\\b)`, "m");

/** The text of a file, or null where there is none to read. */
function textOf(path: string): string | null {
  try {
    return readFileSync(path, "utf8");
  } catch {
    return null;
  }
}

export function localPackageShadows(path: string, notebook: boolean): boolean {
  const folder = dirname(resolve(path));
  if (!notebook && existsSync(join(folder, "__init__.py"))) return false;
  return [join(folder, `${PY_PACKAGE}.py`), join(folder, PY_PACKAGE, "__init__.py")].some((module) => {
    if (module === resolve(path)) return false;
    const text = textOf(module);
    return text !== null && !IMPORTS_SDK.test(text);
  });
}
