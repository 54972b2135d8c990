/**
 * `check --format sarif`: SARIF 2.1.0 as code-scanning services read it. Locations are relative to the
 * repository's root under `%SRCROOT%` (not to wherever the check ran), each result carries a fingerprint
 * that survives lines moving, and `invocations` says how the run ended.
 */
import { relative, resolve, sep } from "node:path";
import { pathToFileURL } from "node:url";
import type { Log, Notification, ReportingDescriptor, Result } from "sarif";
import type { Named } from "../core/pipeline.js";
import { helpUri } from "../mapping/concerns.js";
import { UNPROCESSED, type Finding } from "./findings.js";

/** The base every location is relative to, as GitHub's upload and other SARIF viewers expect it. */
export const SRCROOT = "%SRCROOT%";

/** Bumped when what the fingerprint hashes changes, so old and new are never compared. */
const FINGERPRINT = "firecrawlCodemodFinding/v1";

export interface SarifRun {
  readonly version: string;
  readonly steps: readonly Named[];
  /** the folder the check ran in: findings' paths are relative to it */
  readonly cwd: string;
  /** the repository's root (or, outside one, the folder the check ran in) */
  readonly root: string;
  /** the exit code the check ends with */
  readonly exitCode?: number;
  /** what the tool said beside its results: notes on what it left out, and what stopped it */
  readonly notes?: readonly string[];
  readonly error?: string;
}

/**
 * SARIF levels say what a finding asks of a person: a file nothing could check is an error, a change only a
 * human can make a warning, and a change `run` makes by itself a note (run the codemod).
 */
function levelOf(f: Finding): Result.level {
  return f.rule === UNPROCESSED.name ? "error" : f.fixable ? "note" : "warning";
}

/** A finding's path (relative to where the check ran) relative to the repository's root; null outside it. */
export function fromRoot(file: string, { cwd, root }: { cwd: string; root: string }): string | null {
  const absolute = resolve(cwd, file);
  const base = resolve(root);
  if (absolute !== base && !absolute.startsWith(base.endsWith(sep) ? base : base + sep)) return null;
  return relative(base, absolute).split(sep).join("/");
}

/** A path relative to the root as a URI reference: each segment percent-encoded, `/` between them. */
function uriOf(path: string): string {
  return path.split(/[\\/]/).map(encodeURIComponent).join("/");
}

/**
 * What stays the same while a finding stays: its rule, file and words, and which of its kind it is in the
 * file, but not its line, so code added above it does not make it a new alert.
 */
function fingerprints(results: readonly { rule: string; uri: string; message: string }[]): string[] {
  // Asked for here, not imported: every check loads this module, and only SARIF hashes.
  const { createHash } = process.getBuiltinModule("node:crypto");
  const seen = new Map<string, number>();
  return results.map(({ rule, uri, message }) => {
    const key = [rule, uri, message].join("\0");
    const nth = (seen.get(key) ?? 0) + 1;
    seen.set(key, nth);
    return `${createHash("sha256").update(key).digest("hex").slice(0, 32)}:${nth}`;
  });
}

export function sarif(findings: readonly Finding[], run: SarifRun): Log {
  const rules: ReportingDescriptor[] = [...run.steps, UNPROCESSED].map((step) => ({
    id: step.name,
    shortDescription: { text: step.description },
    helpUri: helpUri(step.name),
  }));
  const root = resolve(run.root);
  const located = findings.map((f) => {
    const path = fromRoot(f.file, run);
    return { f, uri: path === null ? pathToFileURL(resolve(run.cwd, f.file)).href : uriOf(path), inside: path !== null };
  });
  const prints = fingerprints(located.map(({ f, uri }) => ({ rule: f.rule, uri, message: f.message })));
  const notifications: Notification[] = [
    ...(run.notes ?? []).map((text) => ({ level: "note" as const, message: { text } })),
    ...(run.error ? [{ level: "error" as const, message: { text: run.error } }] : []),
  ];
  return {
    $schema: "https://json.schemastore.org/sarif-2.1.0.json",
    version: "2.1.0",
    runs: [
      {
        tool: { driver: { name: "firecrawl-codemod", version: run.version, informationUri: "https://docs.firecrawl.dev/migrate-to-v2", rules } },
        originalUriBaseIds: { [SRCROOT]: { uri: pathToFileURL(root.endsWith(sep) ? root : root + sep).href } },
        invocations: [
          {
            executionSuccessful: !run.error,
            ...(run.exitCode === undefined ? {} : { exitCode: run.exitCode }),
            ...(notifications.length ? { toolExecutionNotifications: notifications } : {}),
          },
        ],
        results: located.map(({ f, uri, inside }, i) => ({
          ruleId: f.rule,
          ruleIndex: rules.findIndex((r) => r.id === f.rule),
          level: levelOf(f),
          message: { text: f.message },
          locations: [
            {
              physicalLocation: {
                artifactLocation: inside ? { uri, uriBaseId: SRCROOT } : { uri },
                region: { startLine: f.line, startColumn: f.column },
              },
            },
          ],
          partialFingerprints: { [FINGERPRINT]: prints[i]! },
        })),
      },
    ],
  };
}
