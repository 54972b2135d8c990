/**
 * A module of the project's own named as the SDK's package, beside the file: a vendored or hand-written client in
 * `firecrawl.py` (or `firecrawl/__init__.py`). Python puts a script's folder first on its path, and a notebook's
 * kernel its working folder, so `from firecrawl import FirecrawlApp` there is that module, not firecrawl-py: the
 * file's imports are not the SDK's, and migrating them would import names the module does not have. Not in a
 * package's module (a folder with `__init__.py`), whose `import firecrawl` is absolute and reaches the SDK.
 */
import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { PY_PACKAGE } from "../../mapping/python.js";

export function localPackageShadows(path: string, notebook: boolean): boolean {
  const folder = dirname(path);
  if (!notebook && existsSync(join(folder, "__init__.py"))) return false;
  return existsSync(join(folder, `${PY_PACKAGE}.py`)) || existsSync(join(folder, PY_PACKAGE, "__init__.py"));
}
