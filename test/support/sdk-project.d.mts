export function sdkCompilerOptions(declarations: string, options?: { node?: boolean }): Record<string, unknown>;
export function sdkTsconfig(declarations: string, options?: { node?: boolean; include?: readonly string[] }): string;
