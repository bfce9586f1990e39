import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { pathToFileURL } from 'node:url';
import { BRIDGE_SCRIPT } from './officeBridge';

/**
 * One LibreOffice kept running for PDF conversions (issue 15: starting soffice per document cost seconds): started on
 * the first conversion, driven through Debian's python3-uno by a small bridge process, stopped with the server.
 * Conversions run one at a time; one that does not finish in time kills both processes, and the next starts afresh.
 */

export const UNO_MODULE = '/usr/lib/python3/dist-packages/uno.py';
export const PYTHON = '/usr/bin/python3';

/** Whether this server can keep LibreOffice running (python3-uno installed); otherwise each PDF starts soffice. */
export const officeBridgeAvailable = () => existsSync(UNO_MODULE) && existsSync(PYTHON);

export class OfficeTimeout extends Error {}

interface Running {
  soffice: ChildProcess;
  bridge: ChildProcess;
  /** The next answer line of the bridge; rejects when the bridge ends. */
  next: () => Promise<string>;
}

let made = 0;

export class Office {
  private running: Promise<Running> | null = null;
  private queue: Promise<unknown> = Promise.resolve();
  /** Counts stops: a conversion cut short by stop() is not retried on a fresh office the stop would leave running. */
  private stops = 0;
  private readonly profile: string;
  private readonly pipe: string;

  constructor(
    private readonly soffice: string,
    private readonly options: { timeoutMs: number; startMs: number },
  ) {
    made += 1;
    // A profile of this process kept across conversions and restarts: its first-start work is done once.
    this.profile = join(tmpdir(), `stockroom-office-${process.pid}-${made}`);
    this.pipe = `stockroom_office_${process.pid}_${made}`;
  }

  /** The pid of the running soffice (tests kill it to check the next conversion recovers). */
  async pid(): Promise<number | undefined> {
    return this.running ? (await this.running).soffice.pid : undefined;
  }

  /** Converts input (a docx path) to output (a PDF path), after every conversion asked before it. */
  convert(input: string, output: string): Promise<void> {
    const run = this.queue.then(() => this.convertNow(input, output));
    this.queue = run.catch(() => undefined);
    return run;
  }

  /** Stops LibreOffice and the bridge and removes the profile. */
  async stop(): Promise<void> {
    const running = this.running;
    this.running = null;
    this.stops += 1;
    if (running) this.kill(await running.catch(() => null));
    rmSync(this.profile, { recursive: true, force: true });
  }

  private async convertNow(input: string, output: string, retry = true): Promise<void> {
    const stops = this.stops;
    const started = (this.running ??= this.start());
    let running: Running;
    try {
      running = await started;
    } catch (error) {
      if (this.running === started) this.running = null;
      throw error;
    }
    try {
      await this.ask(running, input, output);
    } catch (error) {
      // An office that hung, died (killed, crashed) or failed is not reused; a conversion that did not time out is
      // tried once more on a fresh one, so a LibreOffice that died while idle costs a restart and not a document.
      this.kill(running);
      if (this.running === started) this.running = null;
      if (retry && stops === this.stops && !(error instanceof OfficeTimeout)) return this.convertNow(input, output, false);
      throw error;
    }
  }

  private async ask(running: Running, input: string, output: string): Promise<void> {
    if (running.soffice.exitCode !== null || running.soffice.signalCode !== null) throw new Error('LibreOffice is not running');
    running.bridge.stdin!.write(`${JSON.stringify({ in: input, out: output })}\n`);
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, fail) => {
      timer = setTimeout(() => fail(new OfficeTimeout('LibreOffice did not finish in time')), this.options.timeoutMs);
    });
    try {
      const answer = JSON.parse(await Promise.race([running.next(), timeout])) as { ok?: true; error?: string };
      if (!answer.ok) throw new Error(answer.error ?? 'LibreOffice made no PDF');
    } finally {
      clearTimeout(timer);
    }
  }

  private start(): Promise<Running> {
    // Its own process group, so a kill reaches soffice.bin behind the soffice script.
    const soffice = spawn(
      this.soffice,
      [`-env:UserInstallation=${pathToFileURL(this.profile).href}`, '--headless', '--invisible', '--nologo', '--nodefault', '--norestore', '--nolockcheck', `--accept=pipe,name=${this.pipe};urp;StarOffice.ComponentContext`],
      { detached: true, stdio: 'ignore', env: { ...process.env, HOME: this.profile } },
    );
    soffice.on('error', () => undefined);
    // Its own group outlives this process unless ended with it.
    const endWithProcess = () => this.kill(running);
    process.once('exit', endWithProcess);
    soffice.once('exit', () => process.off('exit', endWithProcess));
    const bridge = spawn(PYTHON, ['-u', '-c', BRIDGE_SCRIPT, this.pipe, String(this.options.startMs / 1000)], { stdio: ['pipe', 'pipe', 'ignore'] });
    bridge.on('error', () => undefined);
    bridge.stdin!.on('error', () => undefined);
    const lines = createInterface({ input: bridge.stdout! });
    const buffered: string[] = [];
    let waiting: { done: (line: string) => void; fail: (error: Error) => void } | null = null;
    let ended = false;
    lines.on('line', (line) => {
      if (waiting) {
        const { done } = waiting;
        waiting = null;
        done(line);
      } else buffered.push(line);
    });
    lines.on('close', () => {
      ended = true;
      waiting?.fail(new Error('LibreOffice stopped during the conversion'));
      waiting = null;
    });
    const next = () =>
      new Promise<string>((done, fail) => {
        const line = buffered.shift();
        if (line !== undefined) done(line);
        else if (ended) fail(new Error('LibreOffice is not running'));
        else waiting = { done, fail };
      });
    const running: Running = { soffice, bridge, next };
    return (async () => {
      let timer: NodeJS.Timeout | undefined;
      try {
        const first = await Promise.race([
          next(),
          new Promise<never>((_, fail) => {
            timer = setTimeout(() => fail(new OfficeTimeout('LibreOffice did not start in time')), this.options.startMs + 5_000);
          }),
        ]);
        if (!(JSON.parse(first) as { ready?: true }).ready) throw new Error('LibreOffice did not start');
        return running;
      } catch (error) {
        this.kill(running);
        throw error;
      } finally {
        clearTimeout(timer);
      }
    })();
  }

  private kill(running: Running | null): void {
    if (!running) return;
    running.bridge.kill('SIGKILL');
    if (running.soffice.pid && running.soffice.exitCode === null) {
      try {
        process.kill(-running.soffice.pid, 'SIGKILL');
      } catch {
        // Already gone.
      }
    }
  }
}
