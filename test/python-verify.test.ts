/**
 * The run proves its Python output (src/python/checker/verify.ts): pyright, shipped with the tool, checks each changed
 * Python file and notebook before (against the 1.x/2.x stubs) and after (against 4.x), and marks what the
 * migration broke with pyright's own message. These run the CLI on temporary trees; pyright is slow to start,
 * so the timeouts are generous.
 */
import { spawn } from "node:child_process";
import { readdirSync } from "node:fs";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, test } from "vitest";
import { loadPython } from "../src/python/runtime/parser.js";
import { runPython } from "../src/python/pipeline.js";
import { pythonSteps } from "../src/python/steps/index.js";
import { CLI, cli, read, repo, tempDir } from "./support/cli.js";

/** A 1.x call with a params dict: its result was a dict; in 4.x a Document whose metadata title may be None. */
const V1_SIZE = `from firecrawl import FirecrawlApp

app = FirecrawlApp(api_key="fc-test")


def size(url: str) -> int:
    doc = app.scrape_url(url, params={"formats": ["markdown"]})
    return len(doc["metadata"]["title"])
`;

/** A file the migration does not touch, with a type error of its own. */
const UNTOUCHED = `def broken() -> int:
    return "not an int"
`;

const TIMEOUT = 120_000;

interface Report {
  pythonVerification: { against: string; files: number; newErrors: number; marked: number; error?: string } | null;
  files: {
    path: string;
    status: string;
    verified?: { newErrors: number; marked: number };
    todos: { line: number; message: string; cell?: number }[];
    changes: { transform: string; line: number; message: string }[];
    notes?: string[];
  }[];
}

const runJson = (dir: string, ...args: string[]) => {
  const result = cli(dir, "run", ".", "--json", "--no-progress", ...args);
  expect(result.stderr).toBe("");
  return JSON.parse(result.stdout) as Report;
};

/** A scenario's part of a run over many: its files, with their paths in its own folder. */
type Part = Pick<Report, "files">;

/**
 * Scenarios that share one repository, as a user's modules do: each in a folder of its own, written as the tests are
 * collected, migrated by one run over them all when a test first asks (and by one forced run again, for the tests
 * that ask whether a second run changes anything). One pyright process checks them all: a run a scenario took 6 to
 * 10 s, most of it the CLI's and pyright's start. A test sees its own folder, and its own files in the report.
 */
function sharedRepository() {
  const root = tempDir();
  let count = 0;
  let firstRun: Report | undefined;
  let secondRun: Report | undefined;
  // the repository is committed once every scenario is written, when the first test runs
  const first = () => (firstRun ??= runJson(repo({}, { at: root })));
  const second = () => {
    first();
    return (secondRun ??= runJson(root, "--force"));
  };
  const partOf = (report: Report, folder: string): Part => ({
    files: report.files.filter((f) => f.path.startsWith(`${folder}/`)).map((f) => ({ ...f, path: f.path.slice(folder.length + 1) })),
  });
  return (files: Record<string, string>) => {
    const folder = `scenario${++count}`;
    repo(files, { git: false, at: join(root, folder) });
    return {
      ran: (): { dir: string; report: Part } => ({ dir: join(root, folder), report: partOf(first(), folder) }),
      again: (): Part => partOf(second(), folder),
    };
  };
}

const together = sharedRepository();

const todoAbove = (text: string, statement: string) => {
  const lines = text.split("\n");
  const at = lines.findIndex((l) => l.includes(statement));
  return at > 0 ? lines[at - 1]!.trim() : undefined;
};

describe("the Python verification in run", () => {
  test(
    "an error the migration introduces is marked above its statement with pyright's message, and reported",
    () => {
      const dir = repo({ "size.py": V1_SIZE, "untouched.py": UNTOUCHED });
      const report = runJson(dir);
      const output = read(dir, "size.py");
      expect(todoAbove(output, "return len(")).toMatch(
        /^# TODO\(firecrawl-v2\): does not type-check against firecrawl-py 4\.x \(pyright reportArgumentType: Argument of type "str \| None" cannot be assigned to parameter "obj" of type "Sized"/,
      );
      expect(output.match(/pyright/g)).toHaveLength(1);
      expect(report.pythonVerification).toEqual({
        against: "firecrawl-py 4.x (the stubs shipped with firecrawl-codemod)",
        files: 1,
        newErrors: 1,
        marked: 1,
      });
      const file = report.files.find((f) => f.path === "size.py")!;
      expect(file.verified).toEqual({ newErrors: 1, marked: 1 });
      const todo = file.todos.find((t) => t.message.includes("pyright"))!;
      expect(output.split("\n")[todo.line - 1]).toContain(todo.message);
      // A second run has nothing left to migrate, and so nothing to check or mark again.
      const again = runJson(dir, "--force");
      expect(read(dir, "size.py")).toBe(output);
      expect(again.pythonVerification?.files ?? 0).toBe(0);
    },
    TIMEOUT,
  );

  {
    // None of these was ever an option of the SDK's: the service ignored them in 1.x, and 4.x's crawl refuses each.
    const crawl = `from firecrawl import FirecrawlApp

app = FirecrawlApp(api_key="fc-test")


def pages(url: str):
    return app.crawl_url(url, max_pages=5, follow_links=True).data
`;
    const scenario = together({ "crawl.py": crawl });
    test(
      "keywords a call does not take are named together on its one TODO line, each of them",
      () => {
        const { dir, report } = scenario.ran();
        const output = read(dir, "crawl.py");
        expect(todoAbove(output, "job = app.crawl(")).toMatch(
          /^# TODO\(firecrawl-v2\): does not type-check against firecrawl-py 4\.x \(pyright reportCallIssue: No parameters named "max_pages", "follow_links"\) https:/,
        );
        expect(report.files[0]!.verified).toEqual({ newErrors: 2, marked: 2 });
      },
      TIMEOUT,
    );
  }

  {
    // The crawl's maxDepth gets a TODO about its meaning; the title, Optional in 4.x, fails the declared str.
    const crawl = `from firecrawl import FirecrawlApp

app = FirecrawlApp(api_key="fc-test")


def first_title(url: str) -> str:
    title: str = app.crawl_url(url, params={"maxDepth": 2, "limit": 5})["data"][0]["metadata"]["title"]
    return title
`;
    const scenario = together({ "crawl.py": crawl });
    test(
      "an error under a TODO written for another reason is said on that line, not hidden by it nor stacked under it",
      () => {
        const { dir, report } = scenario.ran();
        const output = read(dir, "crawl.py");
        const line = todoAbove(output, "title: str = app.crawl(")!;
        expect(line).toMatch(
          /^# TODO\(firecrawl-v2\): maxDepth became maxDiscoveryDepth .*; and it does not type-check against firecrawl-py 4\.x \(pyright reportAssignmentType: Type "str \| None" is not assignable to declared type "str"\) https:/,
        );
        expect(output.match(/pyright/g)).toHaveLength(1);
        const file = report.files.find((f) => f.path === "crawl.py")!;
        expect(file.verified).toEqual({ newErrors: 1, marked: 1 });
        // One TODO a line in the report: the step's, saying both.
        const said = file.todos.filter((t) => output.split("\n")[t.line - 1]!.includes("maxDepth"));
        expect(said).toHaveLength(1);
        expect(said[0]!.message).toContain("; and it does not type-check against firecrawl-py 4.x (pyright reportAssignmentType");
      },
      TIMEOUT,
    );
  }

  {
    const hits = `from firecrawl import FirecrawlApp

app = FirecrawlApp(api_key="fc-test")


def hits(q: str):
    res = app.search(q, limit=3)
    for item in res.data:
        print(item["url"], item.get("markdown"))


def links(url: str) -> list[str]:
    # map_url: the 1.x name that makes the file v1's (search is named alike in 4.x)
    return [link.split("#")[0] for link in app.map_url(url).links]
`;
    const scenario = together({ "hits.py": hits });
    test(
      "a TODO that names the class an error is about, but another of its fields, does not speak for that error",
      () => {
        const { dir } = scenario.ran();
        expect(todoAbove(read(dir, "hits.py"), "print(item.url")).toMatch(
          /has no "markdown" field.*; and it does not type-check against firecrawl-py 4\.x \(pyright reportAttributeAccessIssue: Cannot access attribute "get" for class "SearchResultWeb"\)/,
        );
      },
      TIMEOUT,
    );
  }

  {
    const scenario = together({
      "pages.py": `import re

from firecrawl import FirecrawlApp

app = FirecrawlApp(api_key="fc-test")


def save(url: str) -> None:
    job = app.crawl_url(url, params={"scrapeOptions": {"formats": ["links", "markdown"]}})
    links = []
    for page in job["data"]:
        links.extend(page["links"])
    with open("pages.md", "w") as f:
        f.write(job["data"][0]["markdown"])
        f.write("\\n".join(links))
    for item in job["data"]:
        content = item["markdown"]
        print(len(content))
        print(re.sub(r"[/:?]", "_", item["metadata"]["url"]))
`,
      "size.py": V1_SIZE,
    });
    test(
      "a field v2 made Optional, handed on where v1's dict gave a value, is repaired with v1's empty value, not marked; another error still is",
      () => {
        const { dir, report } = scenario.ran();
        const pages = report.files.find((f) => f.path === "pages.py");
        expect(pages).toMatchObject({ todos: [], verified: { newErrors: 0, marked: 0 } });
        expect(pages?.changes).toEqual(
          expect.arrayContaining([expect.objectContaining({ transform: "verify", message: expect.stringContaining('url or ""') })]),
        );
        const output = read(dir, "pages.py");
        expect(output).toContain("links.extend(page.links or [])");
        expect(output).toContain('f.write(job.data[0].markdown or "")');
        // a name bound once to the read: v1's value where it is bound, for every use
        expect(output).toContain('content = item.markdown or ""');
        // pyright finds no overload of re.sub for the None alone: one repair answers both errors
        expect(output).toContain('print(re.sub(r"[/:?]", "_", item.metadata_typed.url or ""))');
        // the title's None is not a field v1 always gave: still marked
        expect(report.files.find((f) => f.path === "size.py")?.verified).toEqual({ newErrors: 1, marked: 1 });
        // a second run finds nothing more to do
        expect(scenario.again().files.find((f) => f.path === "pages.py")?.status).toBe("unchanged");
      },
      TIMEOUT,
    );
  }

  {
    // 1.x's extract answered Any: the dump the migration makes is a dict[str, Any], whose get() pyright types Optional
    const extract = `from firecrawl import FirecrawlApp

app = FirecrawlApp(api_key="fc-test")


def company(url: str) -> dict:
    data = app.extract([url], params={"prompt": "The company's name and sector"})
    if data and data.get("data"):
        found = data.get("data")
        if "name" in found:
            print(found["name"])
        return dict(found.items())
    return {}


def sources(url: str) -> list:
    data = app.extract([url], params={"prompt": "The company's sector"})
    if data.get("data"):
        found = data.get("sources")
        return found["list"]
    return []


def retried(url: str) -> str:
    data = app.extract([url], params={"prompt": "The company's sector"})
    if data.get("data"):
        data = app.extract([url], params={"prompt": "The company's sector, once more"})
        found = data.get("data")
        return found["sector"]
    return ""
`;
    const scenario = together({ "extract.py": extract });
    test(
      "a dumped result's get() that the if around it tests true is read as the key it tests; one read again after the dict is bound anew is marked",
      () => {
        const { dir, report } = scenario.ran();
        const output = read(dir, "extract.py");
        expect(output).toContain('        found = data["data"]\n        if "name" in found:');
        // another key than the one tested, and the key of a dict bound anew after the test: marked
        expect(report.files[0]).toMatchObject({ verified: { newErrors: 2, marked: 2 } });
        const marked = /^# TODO\(firecrawl-v2\): does not type-check against firecrawl-py 4\.x \(pyright reportOptionalSubscript/;
        expect(todoAbove(output, 'return found["list"]')).toMatch(marked);
        expect(todoAbove(output, 'return found["sector"]')).toMatch(marked);
      },
      TIMEOUT,
    );
  }

  {
    const scenario = together({
      "formats.py": `from typing import List, Literal

from firecrawl import FirecrawlApp

app = FirecrawlApp(api_key="fc-test")


def fetch(url: str, formats: List[str]):
    return app.scrape_url(url, params={"formats": formats})


def site(url: str, extra: bool):
    wanted = ["markdown"]
    if extra:
        wanted.append("links")
    return app.crawl_url(url, params={"limit": 5, "scrapeOptions": {"formats": wanted}})


def legacy(url: str, formats: List[Literal["markdown", "content"]]):
    return app.scrape_url(url, params={"formats": formats})


def page(url: str, fmt: str):
    params = {"formats": [fmt.lower()]}
    return app.scrape_url(url, params=params)
`,
    });
    test(
      "a list of str v1 took as formats in its params dict is cast to v2's format options, imported beside the SDK's; a list of names pyright knows stays marked",
      () => {
        const { dir, report } = scenario.ran();
        const output = read(dir, "formats.py");
        expect(output).toContain("from typing import List, Literal, cast");
        expect(output).toContain("from firecrawl.types import ScrapeOptions, FormatOption");
        expect(output).toContain("return app.scrape(url, formats=cast(List[FormatOption], formats))");
        expect(output).toContain("scrape_options=ScrapeOptions(formats=cast(List[FormatOption], wanted))");
        // a list literal pyright faults an element of is cast whole
        expect(output).toContain("return app.scrape(url, formats=cast(List[FormatOption], [fmt.lower()]))");
        // "content" is no format of v2's: what pyright says of it stands
        expect(todoAbove(output, "def legacy") ?? "").not.toContain("TODO");
        expect(todoAbove(output, "return app.scrape(url, formats=formats)")).toMatch(/pyright reportArgumentType/);
        const file = report.files.find((f) => f.path === "formats.py")!;
        expect(file.verified).toEqual({ newErrors: 1, marked: 1 });
        expect(file.changes.filter((c) => c.transform === "verify").map((c) => c.message)).toEqual([
          expect.stringContaining("cast to List[FormatOption]"),
          expect.stringContaining("cast to List[FormatOption]"),
          expect.stringContaining("cast to List[FormatOption]"),
          expect.stringContaining("imported FormatOption from firecrawl.types"),
          expect.stringContaining("imported cast from typing"),
        ]);
        expect(scenario.again().files.find((f) => f.path === "formats.py")?.status).toBe("unchanged");
      },
      TIMEOUT,
    );
  }

  {
    const guarded = `import logging
from typing import List

try:
    from firecrawl import FirecrawlApp
except ImportError:
    logging.warning("pip install firecrawl-py to scrape")

FORMATS: List[str] = ["markdown", "html"]


def page(url: str) -> str:
    app = FirecrawlApp(api_key="fc-test")
    return app.scrape_url(url, params={"formats": FORMATS})["markdown"]
`;
    const scenario = together({ "guarded.py": guarded });
    test(
      "where the SDK's import is guarded by a try, the cast to v2's format options names them quoted, as pyright reads a guarded alias only so, and imports them there",
      () => {
        const { dir, report } = scenario.ran();
        const output = read(dir, "guarded.py");
        expect(output).toContain("try:\n    from firecrawl import Firecrawl\n    from firecrawl.types import FormatOption\nexcept ImportError:\n");
        expect(output).toContain("from typing import List, cast\n");
        expect(output).toContain(`app.scrape(url, formats=cast("List[FormatOption]", FORMATS))`);
        expect(output).not.toContain("pyright");
        expect(report.files.find((f) => f.path === "guarded.py")!.verified).toEqual({ newErrors: 0, marked: 0 });
        expect(scenario.again().files.find((f) => f.path === "guarded.py")?.status).toBe("unchanged");
      },
      TIMEOUT,
    );
  }

  {
    // 2.x's scrape_url took **kwargs; 4.x's scrape names every keyword, and pyright faults each with list[str].
    const wrapper = `from firecrawl import FirecrawlApp


class Engine:
    def __init__(self):
        self.app = FirecrawlApp(api_key="fc-test")

    def scrape(self, url, params=None):
        if not params:
            params = {"formats": ["markdown"]}
        return self.app.scrape_url(url, **params)
`;
    const scenario = together({ "engine.py": wrapper });
    test(
      "a function's own params handed on as **params, which pyright types by the default the code binds, is annotated the dict it is",
      () => {
        const { dir, report } = scenario.ran();
        const output = read(dir, "engine.py");
        expect(output).toContain('    def scrape(self, url, params: "dict | None" = None):\n');
        expect(output).toContain("        return self.app.scrape(url, **params)\n");
        expect(output).not.toContain("pyright");
        const file = report.files.find((f) => f.path === "engine.py")!;
        expect(file.verified?.marked).toBe(0);
        expect(file.changes.filter((c) => c.transform === "verify").map((c) => c.message)).toEqual([
          expect.stringContaining("annotated params as the dict it is"),
        ]);
        expect(scenario.again().files.find((f) => f.path === "engine.py")?.status).toBe("unchanged");
      },
      TIMEOUT,
    );
  }

  {
    const scenario = together({
      "research.py": `from firecrawl import FirecrawlApp

app = FirecrawlApp(api_key="fc-test")


def study(topic: str, own: bool):
    if own:
        return app.v1.deep_research(topic, max_depth=1) if app.v1 else None
    research = app.deep_research(topic, max_depth=2)
    summary = app.generate_llms_text("https://example.com")
    return research, summary
`,
    });
    test(
      "a call the migration moves onto the client's .v1, which 4.x types Optional, is asserted there once a block; the code's own .v1 calls are left as they are",
      () => {
        const { dir, report } = scenario.ran();
        const output = read(dir, "research.py");
        expect(output.match(/assert app\.v1 is not None/g)).toHaveLength(1);
        // above the step's TODO, which stays right above the call it is about
        expect(output).toMatch(
          / {4}assert app\.v1 is not None\n {4}# TODO\(firecrawl-v2\): deep_research\(\) has no v2 equivalent.*\n {4}research = cast\(dict, app\.v1\.deep_research/,
        );
        expect(output).toContain("return app.v1.deep_research(topic, max_depth=1) if app.v1 else None");
        expect(output).not.toContain("pyright");
        const file = report.files.find((f) => f.path === "research.py")!;
        expect(file.verified).toEqual({ newErrors: 0, marked: 0 });
        expect(file.changes).toEqual(
          expect.arrayContaining([expect.objectContaining({ transform: "verify", message: "asserted app.v1 is not None where the call through it is made" })]),
        );
        expect(scenario.again().files.find((f) => f.path === "research.py")?.status).toBe("unchanged");
      },
      TIMEOUT,
    );
  }

  {
    const scenario = together({
      "research.py": `from typing import Optional

from firecrawl import FirecrawlApp, ScrapeOptions

app = FirecrawlApp(api_key="fc-test")


def research(query: str) -> list:
    findings = []
    hits = app.search(query, limit=3, scrape_options=ScrapeOptions(formats=["markdown"]))
    for hit in hits.data:
        page_url = hit["url"]
        facts = app.extract([page_url], prompt="List the key facts on this page")
        page = app.scrape_url(page_url, formats=["markdown"])
        findings.append({"url": page_url, "facts": facts.data, "markdown": page.markdown})
    return findings


def rescrape(query: str) -> list:
    hits = app.search(query, limit=5, scrape_options=ScrapeOptions(formats=["markdown"]))
    job = app.batch_scrape_urls([hit["url"] for hit in hits.data], formats=["markdown"])
    return [doc.markdown for doc in job.data]


def rescrape_bound(query: str) -> list:
    hits = app.search(query, limit=5, scrape_options=ScrapeOptions(formats=["markdown"]))
    urls = [hit["url"] for hit in hits.data]
    job = app.batch_scrape_urls(urls, formats=["markdown"])
    return [doc.markdown for doc in job.data]


def docs_only(query: str) -> list:
    hits = app.search(query, limit=5, scrape_options=ScrapeOptions(formats=["markdown"]))
    return [hit for hit in hits.data if hit["url"].startswith("https://docs.")]


def with_mirror(query: str, mirror: Optional[str]) -> int:
    hits = app.search(query, limit=5, scrape_options=ScrapeOptions(formats=["markdown"]))
    first = hits.data[0]
    job = app.batch_scrape_urls([first["url"], mirror], formats=["markdown"])
    return len(job.data)
`,
    });
    test(
      "a search hit's URL v2 made Optional is repaired where it is read, alone or as each element of a list handed on (or bound, then handed on); a list with another None is marked",
      () => {
        const { dir, report } = scenario.ran();
        const research = report.files.find((f) => f.path === "research.py");
        // the mirror's None is the code's own: that list is marked, the others repaired
        expect(research?.verified).toMatchObject({ marked: 1 });
        const output = read(dir, "research.py");
        // a hit whose page failed to scrape is a SearchResultWeb, with the URL of its own
        const url = "(hit.metadata_typed.source_url if isinstance(hit, Document) else hit.url)";
        expect(output).toContain(`page_url = ${url} or ""`);
        expect(output).toContain('app.extract([page_url], prompt="List the key facts on this page")');
        expect(output).toContain(`app.batch_scrape([(${url} or "") for hit in`);
        // a list bound to a name first: its elements, where the list is made
        expect(output).toContain(`urls = [(${url} or "") for hit in`);
        // read on where it stands
        expect(output).toContain(`if (${url} or "").startswith("https://docs.")]`);
        expect(output).toMatch(
          /# TODO\(firecrawl-v2\): .*list\[str \| None\].*\n\s+job = app\.batch_scrape\(\[first\.metadata_typed\.source_url if isinstance\(first, Document\) else first\.url, mirror\]/,
        );
        expect(output.match(/TODO\(firecrawl-v2\)/g)).toHaveLength(1);
        expect(scenario.again().files.find((f) => f.path === "research.py")?.status).toBe("unchanged");
      },
      TIMEOUT,
    );
  }

  {
    const scenario = together({
      "clean.py": `import re

from firecrawl import FirecrawlApp, ScrapeOptions

app = FirecrawlApp(api_key="fc-test")


def cleaned(query: str) -> list:
    out = []
    response = app.search(query, limit=3, scrape_options=ScrapeOptions(formats=["markdown"]))
    for hit in response.data:
        markdown = hit["markdown"]
        text = markdown
        text = re.sub(r"https?://\\S+", "", text)
        out.append(text)
    return out


def squeezed(query: str) -> list:
    out = []
    response = app.search(query, limit=3, scrape_options=ScrapeOptions(formats=["markdown"]))
    text = ""
    for hit in response.data:
        out.append(re.sub(r"\\s+", " ", text))
        text = hit["markdown"]
    return out
`,
    });
    test(
      "a field's None reaching a call through names bound in turn is repaired where it is read; one a loop may bring round again is marked",
      () => {
        const { dir, report } = scenario.ran();
        const output = read(dir, "clean.py");
        expect(output).toContain('markdown = (hit.markdown if isinstance(hit, Document) else None) or ""');
        expect(todoAbove(output, 'text = re.sub(r"https?')).not.toContain("TODO");
        // the second time round, the text is the one bound at the loop's end: not the empty one before it alone
        expect(todoAbove(output, 'out.append(re.sub(r"\\s+"')).toContain("does not type-check");
        expect(report.files.find((f) => f.path === "clean.py")?.verified?.marked).toBeGreaterThan(0);
      },
      TIMEOUT,
    );
  }

  {
    // 2.x refused both (ValueError), so neither call ever ran: fields written there are what the code asked the scrape for.
    const scenario = together({
      "page.py": `from firecrawl import FirecrawlApp, ScrapeOptions

app = FirecrawlApp(api_key="fc-test")
PAGES = ScrapeOptions(formats=["markdown"])


def page(url: str):
    return app.scrape_url(url, scrape_options=ScrapeOptions(formats=["markdown"]))


def agent_page(url: str):
    return app.scrape_url(url, scrape_options=PAGES, agent={"model": "FIRE-1"})


def site(url: str):
    return app.crawl_url(url, scrape_options=PAGES)
`,
    });
    test(
      "scrape given crawl's scrape_options gets its fields as its own where the run sees them, and is marked with what it is where not",
      () => {
        const { dir, report } = scenario.ran();
        const output = read(dir, "page.py");
        expect(output).toContain('    return app.scrape(url, formats=["markdown"])\n');
        expect(todoAbove(output, 'return app.scrape(url, formats=["markdown"])')).not.toContain("TODO");
        const file = report.files.find((f) => f.path === "page.py");
        expect(file?.notes).toEqual([expect.stringMatching(/^line 9: scrape_options on scrape\(\): .*so the call never ran as written/)]);
        // a model the crawl reads too is not the scrape's to take apart: the TODO a removed option wrote goes on to say it
        const joined = output.split("\n").filter((line) => line.includes("FIRE-1"));
        expect(joined).toHaveLength(1);
        expect(joined[0]).toContain("; and it gives scrape crawl's scrape_options");
        expect(file?.verified).toEqual({ newErrors: 1, marked: 1 });
      },
      TIMEOUT,
    );
  }

  {
    const scenario = together({
      // an import that may fail, a method no release has, a client that may be None: each an error before too
      "optional.py": `from typing import Optional

try:
    from firecrawl import FirecrawlApp
except ImportError:
    pass

app = FirecrawlApp(api_key="fc-test")
app.scrape_and_summarize("https://example.com")


class Pages:
    def __init__(self) -> None:
        self.client: Optional[FirecrawlApp] = None

    def get(self, url: str):
        return self.client.scrape_url(url, params={"formats": ["markdown"]})
`,
      // 2.x code handing the SDK a list[str] its types never took: 2.x and 4.x say it of their own types
      "formats.py": `from typing import List

from firecrawl import FirecrawlApp, ScrapeOptions

app = FirecrawlApp(api_key="fc-test")


def crawl(url: str, names: List[str]):
    options = ScrapeOptions(formats=names)
    job = app.crawl_url(url, scrape_options=options, limit=5)
    return job.data
`,
      // the code's own `-> None`: v1's r["status"] was a subscript of None to pyright, and so is v2's r.status
      "annotated.py": `import json
from typing import Any, Dict

from firecrawl import FirecrawlApp

app = FirecrawlApp(api_key="fc-test")


def status(job_id: str) -> None:
    return app.check_crawl_status(job_id)


def save(record: Dict[str, Any]) -> None:
    with open("status.json", "w") as f:
        json.dump(record, f)


def finished(job_id: str) -> bool:
    response = status(job_id)
    save(response)
    return response["status"] == "completed"
`,
      // a tool's `-> str` returning 2.x's ScrapeResponse[Any] said of it what 4.x says of its Document
      "tool.py": `from firecrawl import FirecrawlApp

app = FirecrawlApp(api_key="fc-test")


def page_tool(url: str) -> str:
    page = app.scrape_url(url, formats=["markdown"])
    return page
`,
      "size.py": V1_SIZE,
    });
    test(
      "an error the input had is not the migration's where the migration only renamed what it quotes, on a line it kept or rewrote",
      () => {
        const { dir, report } = scenario.ran();
        expect(report.files.find((f) => f.path === "tool.py")).toMatchObject({ status: "changed", todos: [], verified: { newErrors: 0, marked: 0 } });
        expect(report.files.find((f) => f.path === "optional.py")).toMatchObject({ status: "changed", todos: [], verified: { newErrors: 0, marked: 0 } });
        // what the annotation says of v2's CrawlJob is new, and marked; the read of what it says is None is not
        expect(report.files.find((f) => f.path === "annotated.py")?.verified).toEqual({ newErrors: 1, marked: 1 });
        const annotated = read(dir, "annotated.py");
        expect(todoAbove(annotated, "return app.get_crawl_status(job_id)")).toContain('"CrawlJob" is not assignable to return type "None"');
        expect(todoAbove(annotated, 'save(response.model_dump(mode="json"))')).toBe("response = status(job_id)");
        expect(todoAbove(annotated, 'return response.status == "completed"')).toBe('save(response.model_dump(mode="json"))');
        expect(report.files.find((f) => f.path === "formats.py")).toMatchObject({ status: "changed", todos: [], verified: { newErrors: 0, marked: 0 } });
        const output = read(dir, "optional.py");
        expect(output).toContain("app = Firecrawl(api_key=");
        expect(output).toContain('return self.client.scrape(url, formats=["markdown"])');
        // a new error on a rewritten line is still the migration's
        expect(report.files.find((f) => f.path === "size.py")?.verified).toEqual({ newErrors: 1, marked: 1 });
      },
      TIMEOUT,
    );
  }

  {
    const mixed = `from firecrawl import FirecrawlApp

app = FirecrawlApp(api_key="fc-test")
legacy = app.v1.scrape_url("https://example.com", formats=["markdown"])
doc = app.scrape_url("https://example.com", params={"formats": ["markdown"]})


started = app.v1.async_crawl_url("https://example.com")
status = app.v1.check_crawl_status(started.id)


async def kept(client):
    return await client.v1.crawl_url("https://example.com", limit=5)
`;
    const scenario = together({ "mixed.py": mixed });
    test(
      "calls kept on v1 through .v1 in a file the migration changes get no TODO: 4.x types .v1 as Optional, and the call is the user's choice",
      () => {
        const { dir, report } = scenario.ran();
        const output = read(dir, "mixed.py");
        expect(output).toContain("doc = app.scrape(");
        expect(output).not.toContain("pyright");
        expect(todoAbove(output, "legacy = app.v1.scrape_url(")).toBe('app = Firecrawl(api_key="fc-test")');
        expect(report.files.find((f) => f.path === "mixed.py")!.verified).toEqual({ newErrors: 0, marked: 0 });
      },
      TIMEOUT,
    );
  }

  {
    // 2.x's calls (keyword options, a model result): 2.x already typed the job id Optional, and 1.x would
    // reject the call outright, so the project pinned 2.x and these errors were there before the migration.
    const twoX = `from firecrawl import FirecrawlApp

app = FirecrawlApp(api_key="fc-test")

job = app.async_extract(["https://example.com"], prompt="the price")
status = app.get_extract_status(job.id)
print(status.status)
`;
    const scenario = together({ "two.py": twoX, "size.py": V1_SIZE });
    test(
      "code written for 2.x is checked as it was against 2.x: an Optional it already read unguarded is not the migration's, while a 1.x file's new error is",
      () => {
        const { dir, report } = scenario.ran();
        expect(read(dir, "two.py")).toContain("status = app.get_extract_status(job.id)\n");
        expect(read(dir, "two.py")).not.toContain("pyright");
        expect(report.files.find((f) => f.path === "two.py")!.verified).toEqual({ newErrors: 0, marked: 0 });
        expect(report.files.find((f) => f.path === "size.py")!.verified).toEqual({ newErrors: 1, marked: 1 });
      },
      TIMEOUT,
    );
  }

  {
    // Written for 4.x (its client is Firecrawl), but for one method name 4.x does not have.
    const fourX = `from typing import List

from firecrawl import Firecrawl

app = Firecrawl(api_key="fc-test")


def pages(url: str, names: List[str]):
    page = app.scrape(url, formats=names)
    status = app.check_crawl_status("job-1")
    return page, status
`;
    // 4.x's FirecrawlApp alias of the same client, called with v2's method beside a 1.x one.
    const alias = `from typing import List

from firecrawl import FirecrawlApp

app = FirecrawlApp(api_key="fc-test")


def pages(url: str, names: List[str]):
    page = app.scrape(url, formats=names)
    old = app.scrape_url(url, params={"formats": ["markdown"]})
    return page, old["markdown"]
`;
    const scenario = together({ "four.py": fourX, "alias.py": alias });
    test(
      "v2 calls the input already made are its own code: what pyright finds in them is not marked, while the v1 leftover beside them is migrated",
      () => {
        const { dir, report } = scenario.ran();
        expect(read(dir, "four.py")).toContain('    status = app.get_crawl_status("job-1")\n');
        expect(read(dir, "alias.py")).toContain('    old = app.scrape(url, formats=["markdown"])\n');
        for (const file of ["four.py", "alias.py"]) {
          expect(read(dir, file)).toContain("    page = app.scrape(url, formats=names)\n");
          expect(read(dir, file)).not.toContain("pyright");
          expect(report.files.find((f) => f.path === file)!.verified).toEqual({ newErrors: 0, marked: 0 });
        }
      },
      TIMEOUT,
    );
  }

  {
    // pyright names the class by its module path (`type[fallback.BaseModel]`), which must not differ by side.
    const fallback = `try:
    from pydantic import BaseModel
except ImportError:
    class BaseModel:
        pass

${V1_SIZE}`;
    const scenario = together({ "fallback.py": fallback });
    test(
      "an error naming a type of the file's own module is the same on both sides: the fallback class beside an import is not marked",
      () => {
        const { dir, report } = scenario.ran();
        expect(read(dir, "fallback.py")).toContain("try:\n    from pydantic import BaseModel\n");
        expect(report.files.find((f) => f.path === "fallback.py")!.verified).toEqual({ newErrors: 1, marked: 1 });
      },
      TIMEOUT,
    );
  }

  {
    // pyright faults the import's class against the stand-in's, naming each by its module on each side
    // (`type[firecrawl.firecrawl.FirecrawlApp]`, then `type[client.Firecrawl]`): the same error, the input's own.
    const standIn = `try:
    from firecrawl import FirecrawlApp
except ImportError:
    class FirecrawlApp:
        def scrape_url(self, *args, **kwargs):
            raise NotImplementedError("firecrawl-py is not installed")


def title(url: str) -> str:
    doc = FirecrawlApp().scrape_url(url, formats=["markdown"])
    return doc.markdown or ""
`;
    const scenario = together({ "stand_in.py": standIn });
    test(
      "a module's stand-in for the client where the SDK is missing takes v2's names with it, and keeps the error its import had: not marked",
      () => {
        const { dir, report } = scenario.ran();
        const output = read(dir, "stand_in.py");
        expect(output).toContain("    class Firecrawl:\n        def scrape(self, *args, **kwargs):\n");
        expect(output).toContain('    doc = Firecrawl().scrape(url, formats=["markdown"])\n');
        expect(output).not.toContain("pyright");
        expect(report.files.find((f) => f.path === "stand_in.py")!.verified).toEqual({ newErrors: 0, marked: 0 });
      },
      TIMEOUT,
    );
  }

  {
    // The try lets the module load without firecrawl-py; ScrapeOptions joins FirecrawlApp's fate there.
    const guarded = `try:
    from firecrawl import FirecrawlApp
except ImportError:
    print("pip install firecrawl-py to crawl")


def crawl(url: str):
    app = FirecrawlApp(api_key="fc-test")
    job = app.crawl_url(url, params={"limit": 5, "scrapeOptions": {"formats": ["markdown"]}})
    return [page["markdown"] for page in job["data"]]
`;
    const scenario = together({ "crawler.py": guarded });
    test(
      "a model the migration imports beside the code's own guarded import of the SDK is as possibly unbound as the code's names there: not marked",
      () => {
        const { dir, report } = scenario.ran();
        expect(read(dir, "crawler.py")).toContain("    from firecrawl import Firecrawl\n    from firecrawl.types import ScrapeOptions\nexcept ImportError:\n");
        expect(read(dir, "crawler.py")).not.toContain("pyright");
        expect(report.files.find((f) => f.path === "crawler.py")!.verified).toEqual({ newErrors: 0, marked: 0 });
      },
      TIMEOUT,
    );
  }

  {
    // Written for 4.x with v1's shapes: `.success` was wrong before the run too; only the 2.x `extract=` is v1 usage.
    const halfWay = `from firecrawl import Firecrawl

client = Firecrawl(api_key="fc-test")


def page(url: str) -> str:
    response = client.scrape(url, formats=["markdown"])
    if not response.success:
        raise RuntimeError(f"scrape failed: {url}")
    return response.markdown or ""


def extract(url: str, schema: dict) -> dict:
    return client.scrape(url, extract={"schema": schema}).json or {}
`;
    const scenario = together({ "service.py": halfWay });
    test(
      "a file on v2's client alone ran on 4.x already: its own errors on the lines the migration kept are neither counted nor marked",
      () => {
        const { dir, report } = scenario.ran();
        const output = read(dir, "service.py");
        expect(todoAbove(output, "return client.scrape(")).toContain("v2 has no extract option");
        expect(output).not.toContain("pyright");
        expect(report.files.find((f) => f.path === "service.py")!.verified).toEqual({ newErrors: 0, marked: 0 });
      },
      TIMEOUT,
    );
  }

  test(
    "a file on v2's client alone that still made v1 calls: an error the migration brings to a line it kept is marked",
    async () => {
      // The call is v1's on v2's client (4.x typed its result as 2.x's model); as migrated, the read the line keeps
      // meets v2's Document, an error that is the migration's. The verification judges the texts it is given: this
      // output is one the run could leave, its read unmigrated.
      const input = `from firecrawl import Firecrawl

client = Firecrawl(api_key="fc-test")


def page(url: str) -> str:
    response = client.scrape_url(url, params={"formats": ["markdown"]})
    return response["markdown"]
`;
      const output = input.replace(`client.scrape_url(url, params={"formats": ["markdown"]})`, `client.scrape(url, formats=["markdown"])`);
      const dir = repo({ "service.py": input });
      const path = join(dir, "service.py");
      const { verifyPython } = (await import(
        pathToFileURL(join(CLI, "../../python/checker/verify.js")).href
      )) as typeof import("../src/python/checker/verify.js");
      const verification = await verifyPython([{ path, input, output }]);
      if (verification instanceof Error) throw verification;
      const verified = verification.verified.get(path)!;
      expect(verified.newErrors).toBe(1);
      expect(verified.output).toContain('(pyright reportIndexIssue: "__getitem__" method not defined on type "Document")');
    },
    TIMEOUT,
  );

  test(
    "an unchanged file is not checked: its own errors are neither counted nor marked",
    () => {
      const dir = repo({ "size.py": V1_SIZE, "untouched.py": UNTOUCHED });
      const report = runJson(dir);
      expect(read(dir, "untouched.py")).toBe(UNTOUCHED);
      expect(report.files.find((f) => f.path === "untouched.py")).toMatchObject({ status: "unchanged" });
      expect(report.files.find((f) => f.path === "untouched.py")!.verified).toBeUndefined();
      expect(report.pythonVerification?.files).toBe(1);
    },
    TIMEOUT,
  );

  test(
    "--no-verify skips it: the same migration, no pyright TODO, no verification in the report",
    () => {
      const dir = repo({ "size.py": V1_SIZE });
      const report = runJson(dir, "--no-verify");
      expect(report.pythonVerification).toBeNull();
      expect(read(dir, "size.py")).toContain("return len(doc.metadata_typed.title)");
      expect(read(dir, "size.py")).not.toContain("pyright");
    },
    TIMEOUT,
  );

  test(
    "the project's own pyright settings apply: a rule it turns off reports nothing",
    () => {
      const dir = repo({ "pkg/size.py": V1_SIZE, "pkg/pyproject.toml": '[project]\nname = "pkg"\n\n[tool.pyright]\nreportArgumentType = "none"\n' });
      const report = runJson(dir);
      expect(report.pythonVerification).toMatchObject({ files: 1, newErrors: 0 });
      expect(read(dir, "pkg/size.py")).not.toContain("pyright");
    },
    TIMEOUT,
  );

  test(
    "a notebook's cells are checked as one program, IPython lines masked, and the TODO lands in its cell",
    () => {
      const cell = (source: string[]) => ({ cell_type: "code", execution_count: null, metadata: {}, outputs: [], source });
      const notebook = {
        cells: [
          cell(["%pip install firecrawl-py\n", "from firecrawl import FirecrawlApp\n", "\n", 'app = FirecrawlApp(api_key="fc-test")']),
          { cell_type: "markdown", metadata: {}, source: ["Scrape a page"] },
          cell(['doc = app.scrape_url("https://example.com", params={"formats": ["markdown"]})']),
          cell(['size: int = len(doc["metadata"]["title"])\n', "print(size)"]),
        ],
        metadata: {},
        nbformat: 4,
        nbformat_minor: 5,
      };
      const dir = repo({ "scrape.ipynb": `${JSON.stringify(notebook, null, 1)}\n` });
      const report = runJson(dir);
      const written = JSON.parse(read(dir, "scrape.ipynb")) as typeof notebook;
      const last = written.cells[3]!.source;
      expect(last[0]).toMatch(/^# TODO\(firecrawl-v2\): does not type-check against firecrawl-py 4\.x \(pyright reportArgumentType:/);
      expect(last[1]).toBe("size: int = len(doc.metadata_typed.title)\n");
      expect(written.cells[0]!.source[0]).toBe("%pip install firecrawl-py\n");
      expect(report.pythonVerification).toMatchObject({ files: 1, newErrors: 1, marked: 1 });
      expect(report.files[0]!.todos.find((t) => t.message.includes("pyright"))).toMatchObject({ cell: 4 });
    },
    TIMEOUT,
  );

  test(
    "where the project's environment holds firecrawl-py 4.x, the output is checked against it, and the report says so",
    () => {
      // A 4.x of the project's own, in its virtual environment, whose documents always carry a title.
      const installed = `from typing import List, Optional


class DocumentMetadata:
    title: str


class Document:
    metadata_typed: DocumentMetadata


class Firecrawl:
    def __init__(self, api_key: Optional[str] = None) -> None: ...
    def scrape(self, url: str, *, formats: Optional[List[str]] = None) -> Document: ...
`;
      const site = ".venv/lib/python3.11/site-packages";
      const dir = repo({
        "size.py": V1_SIZE,
        [`${site}/firecrawl/__init__.py`]: installed,
        [`${site}/firecrawl_py-4.30.0.dist-info/METADATA`]: "Metadata-Version: 2.1\nName: firecrawl-py\nVersion: 4.30.0\n",
      });
      const report = runJson(dir);
      expect(report.pythonVerification).toEqual({ against: "firecrawl-py 4.30.0 (installed)", files: 1, newErrors: 0, marked: 0 });
      expect(read(dir, "size.py")).toContain("    return len(doc.metadata_typed.title)\n");
      expect(read(dir, "size.py")).not.toContain("pyright");
      expect(
        cli(
          repo({ "size.py": V1_SIZE, [`${site}/firecrawl/__init__.py`]: installed, [`${site}/firecrawl_py-4.30.0.dist-info/METADATA`]: "" }),
          "run",
          ".",
          "--no-progress",
        ).stdout,
      ).toContain("Verified against firecrawl-py 4.30.0 (installed): 1 migrated file checked with pyright, no new type errors");
    },
    TIMEOUT,
  );

  test(
    "each project's own modules resolve as they do in place: two projects in one run naming theirs alike, one named like a package with bundled stubs, a sibling named like a wildcard",
    () => {
      const main = `from firecrawl import FirecrawlApp
from util import need_str

app = FirecrawlApp(api_key="fc-test")


def title(url: str) -> str:
    doc = app.scrape_url(url, params={"formats": ["markdown"]})
    return need_str(doc["metadata"]["title"])
`;
      const dir = repo({
        "strict/main.py": main,
        "strict/util.py": "def need_str(s: str) -> str:\n    return s\n",
        "loose/main.py": main,
        "loose/util.py": "def need_str(s: object) -> str:\n    return str(s)\n",
        // a name pyright reads as a wildcard, which must not keep the changed file out of the check
        "strict/notes*?.txt": "",
        // a module of the project's own named like a package pyright bundles stubs for: the project's comes first
        "shadowing/main.py": main.replace("from util import", "from markdown import"),
        "shadowing/markdown.py": "def need_str(s: str) -> str:\n    return s\n",
        // a project of its own by its configuration, importing from its root
        "configured/pyrightconfig.json": "{}",
        "configured/jobs/main.py": main.replace("from util import", "from lib.util import"),
        "configured/lib/util.py": "def need_str(s: str) -> str:\n    return s\n",
      });
      const report = runJson(dir);
      const of = (path: string) => report.files.find((f) => f.path === path)?.verified;
      expect(of("strict/main.py")).toEqual({ newErrors: 1, marked: 1 });
      expect(of("configured/jobs/main.py")).toEqual({ newErrors: 1, marked: 1 });
      expect(of("shadowing/main.py")).toEqual({ newErrors: 1, marked: 1 });
      // its need_str takes the title Optional in 4.x
      expect(of("loose/main.py")).toEqual({ newErrors: 0, marked: 0 });
    },
    TIMEOUT,
  );

  test(
    "modules found as an editor on the repository finds them: from its root, a src folder, a configuration's execution environment; a sibling still first",
    () => {
      const main = (from: string) => `from firecrawl import FirecrawlApp
from ${from} import need_str

app = FirecrawlApp(api_key="fc-test")


def title(url: str) -> str:
    doc = app.scrape_url(url, params={"formats": ["markdown"]})
    return need_str(doc["metadata"]["title"])
`;
      const strict = "def need_str(s: str) -> str:\n    return s\n";
      const dir = repo({
        // no configuration: the repository's root, as the editor opened on it searches it
        "app/jobs/main.py": main("app.util"),
        "app/util.py": strict,
        "app/__init__.py": "",
        // pyright's own search path: src, where it is no package
        "src/pkg/main.py": main("pkg.util"),
        "src/pkg/util.py": strict,
        // a monorepo's configuration: each service an execution environment with its own extraPaths
        "mono/pyrightconfig.json": JSON.stringify({ executionEnvironments: [{ root: "services/a", extraPaths: ["services/a/lib"] }] }),
        "mono/services/a/main.py": main("helpers"),
        "mono/services/a/lib/helpers.py": strict,
        // a script's sibling comes before a module of the same name at the repository's root
        "scripts/main.py": main("util"),
        "scripts/util.py": "def need_str(s: object) -> str:\n    return str(s)\n",
        "util.py": strict,
      });
      const report = runJson(dir);
      const of = (path: string) => report.files.find((f) => f.path === path)?.verified;
      expect(of("app/jobs/main.py")).toEqual({ newErrors: 1, marked: 1 });
      expect(of("src/pkg/main.py")).toEqual({ newErrors: 1, marked: 1 });
      expect(of("mono/services/a/main.py")).toEqual({ newErrors: 1, marked: 1 });
      expect(of("scripts/main.py")).toEqual({ newErrors: 0, marked: 0 });
    },
    TIMEOUT,
  );

  test(
    "many files are checked in two pyright runs (the outputs, then the inputs of those with an error on a line the migration kept or rewrote) and found as one run over both finds them",
    async () => {
      await loadPython();
      // The built module, as the CLI runs it: the stubs are found from where it is.
      const { verifyPython } = (await import(
        pathToFileURL(resolve(import.meta.dirname, "../dist/src/python/checker/verify.js")).href
      )) as typeof import("../src/python/checker/verify.js");
      // A migrated file with an error of its own, there before the migration too: it is not the migration's.
      const twoX = `${V1_SIZE.replace('return len(doc["metadata"]["title"])', 'return len(doc["markdown"])')}

def broken() -> int:
    return "not an int"
`;
      const dir = repo({ "size.py": V1_SIZE, "two.py": twoX });
      const files = [
        { path: join(dir, "size.py"), input: V1_SIZE },
        { path: join(dir, "two.py"), input: twoX },
      ].map((f) => ({ ...f, output: runPython(pythonSteps, f.path, f.input).output! }));
      const counts = (v: Awaited<ReturnType<typeof verifyPython>>) =>
        v instanceof Error ? v : files.map((f) => ({ newErrors: v.verified.get(f.path)!.newErrors, output: v.verified.get(f.path)!.output }));
      // size.py's error is on a line the migration wrote, so only two.py is checked as it was.
      const oneRun = counts(await verifyPython(files));
      expect(oneRun).toEqual([expect.objectContaining({ newErrors: 1 }), expect.objectContaining({ newErrors: 0 })]);
      expect(counts(await verifyPython(files, [], 0))).toEqual(oneRun);
    },
    TIMEOUT,
  );

  test(
    "a run interrupted while pyright checks leaves no mirror in the temporary folder, no file changed, and ends by the signal",
    async () => {
      const dir = repo(Object.fromEntries(Array.from({ length: 8 }, (_, i) => [`app/size${i}.py`, V1_SIZE])));
      const temporary = tempDir();
      const mirrors = () => readdirSync(temporary).filter((name) => name.startsWith("firecrawl-codemod-pyright-"));
      const run = spawn(process.execPath, [CLI, "run", ".", "--no-progress"], { cwd: dir, env: { ...process.env, TMPDIR: temporary }, stdio: "ignore" });
      const ended = new Promise<NodeJS.Signals | null>((done) => run.on("exit", (_code, signal) => done(signal)));
      // The mirror is there for as long as pyright runs, a second or more: interrupted then, as Ctrl-C would.
      while (mirrors().length === 0) await new Promise((wait) => setTimeout(wait, 10));
      run.kill("SIGINT");
      expect(await ended).toBe("SIGINT");
      expect(mirrors()).toEqual([]);
      expect(read(dir, "app/size0.py")).toBe(V1_SIZE);
    },
    TIMEOUT,
  );
});
