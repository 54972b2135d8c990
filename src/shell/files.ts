/**
 * Which files hold shell text: scripts, and the files that carry shell commands (Makefiles, Dockerfiles,
 * CI and compose YAML). Apart from the migration (requests.ts) so that discovery knows them without
 * loading it.
 */
export const SHELL_EXTENSIONS = ["sh", "bash", "zsh", "yml", "yaml"] as const;
const SHELL_NAMES = /(?:^|[\\/])(?:[Mm]akefile|GNUmakefile|Dockerfile|Containerfile)(?:\.[\w.-]+)?$|\.(?:mk|dockerfile)$/;

/** Whether a path holds shell text: by its extension among SHELL_EXTENSIONS, or its name (Makefile, Dockerfile). */
export function isShellText(path: string): boolean {
  return SHELL_NAMES.test(path) || (SHELL_EXTENSIONS as readonly string[]).includes(path.slice(path.lastIndexOf(".") + 1));
}
