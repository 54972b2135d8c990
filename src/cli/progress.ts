/**
 * A progress bar on stderr for long runs, only where a person watches: a terminal, more than a few
 * hundred files, and no machine-readable output requested.
 */
const FROM_FILES = 300;

export class Progress {
  private count = 0;
  private lastDraw = 0;
  private readonly active: boolean;

  constructor(private readonly total: number, wanted: boolean) {
    this.active = wanted && total > FROM_FILES && Boolean(process.stderr.isTTY);
  }

  tick(): void {
    this.count++;
    if (!this.active) return;
    const now = Date.now();
    if (now - this.lastDraw < 100 && this.count < this.total) return;
    this.lastDraw = now;
    const width = 30;
    const filled = Math.round((this.count / this.total) * width);
    process.stderr.write(`\r[${"#".repeat(filled)}${" ".repeat(width - filled)}] ${this.count}/${this.total} files`);
  }

  done(): void {
    if (this.active) process.stderr.write("\r\x1b[K");
  }
}
