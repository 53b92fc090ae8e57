/**
 * A loop's "sleep until there is work": wait() returns when wake() is called or after the
 * polling interval, whichever comes first. A wake() with nobody waiting is remembered, so a
 * signal that arrives while the loop is busy is not lost.
 */
export class Wakeup {
  private pending = false;
  private release?: () => void;

  wake(): void {
    this.pending = true;
    this.release?.();
  }

  async wait(ms: number): Promise<void> {
    if (!this.pending) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, ms);
        this.release = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      this.release = undefined;
    }
    this.pending = false;
  }
}
