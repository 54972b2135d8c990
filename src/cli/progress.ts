/**
 * Progress on stderr for long runs, only where a person watches: a terminal, more than a few hundred
 * files, and no machine-readable output requested. A bar counts the files; a phase with no files to count
 * (the type checker building its programs, the verification) shows a spinner with the seconds it has taken,
 * so the screen is never blank for long.
 */
const FROM_FILES = 300;
const FRAMES = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"];

export class Progress {
  private count = 0;
  private lastDraw = 0;
  private readonly active: boolean;
  private spinner: NodeJS.Timeout | undefined;

  constructor(
    private readonly total: number,
    wanted: boolean,
  ) {
    this.active = wanted && total > FROM_FILES && Boolean(process.stderr.isTTY);
  }

  tick(): void {
    this.count++;
    if (!this.active || this.spinner) return;
    const now = Date.now();
    if (now - this.lastDraw < 100 && this.count < this.total) return;
    this.lastDraw = now;
    const width = 30;
    const filled = Math.round((this.count / this.total) * width);
    process.stderr.write(`\r[${"#".repeat(filled)}${" ".repeat(width - filled)}] ${this.count}/${this.total} files`);
  }

  /** A phase of the run, shown with a spinner until the next phase or `done`; files done meanwhile count on. */
  phase(label: string): void {
    if (!this.active) return;
    this.stopSpinner();
    const started = Date.now();
    let frame = 0;
    const draw = () =>
      process.stderr.write(
        `\r\x1b[K${FRAMES[frame++ % FRAMES.length]} ${label} · ${this.count}/${this.total} files · ${Math.floor((Date.now() - started) / 1000)} s`,
      );
    draw();
    // Unref'd: a spinner never keeps the process alive.
    this.spinner = setInterval(draw, 100).unref();
  }

  /** Back to the bar. */
  endPhase(): void {
    this.stopSpinner();
  }

  done(): void {
    this.stopSpinner();
    if (this.active) process.stderr.write("\r\x1b[K");
  }

  private stopSpinner(): void {
    clearInterval(this.spinner);
    this.spinner = undefined;
  }
}
