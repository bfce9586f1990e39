/**
 * Makes the race of a failed upload against its own file's open happen every run, not on some runs: the open of a
 * new order file ('wx') is held back until the code under test removes that file, or, if it never does (it waits for
 * the open, as it must), until FALLBACK_MS have passed. Code that removes the file before its open is done therefore
 * always finds the file created after the removal and left behind.
 *
 * Wired into node:fs and node:fs/promises with vi.mock in the test file (so this module imports neither itself).
 */
type Fs = typeof import('node:fs');
type FsPromises = typeof import('node:fs/promises');

const FALLBACK_MS = 250;
const held = new Map<string, () => void>();
let holding = false;

/** Holds opens from now on (until release()). */
export function holdOpens(): void {
  holding = true;
}

export function releaseOpens(): void {
  holding = false;
  for (const open of [...held.values()]) open();
}

export function heldFs(fs: Fs): Fs {
  const createWriteStream = ((path: Parameters<Fs['createWriteStream']>[0], options?: Parameters<Fs['createWriteStream']>[1]) => {
    if (!holding || typeof options !== 'object' || options === null || options.flags !== 'wx') return fs.createWriteStream(path, options);
    const open = ((file: string, flags: string, mode: number, done: (error: Error | null, fd?: number) => void) => {
      const go = () => {
        if (!held.delete(String(file))) return;
        fs.open(file, flags, mode, done);
      };
      held.set(String(file), go);
      setTimeout(go, FALLBACK_MS);
    }) as unknown as Fs['open'];
    return fs.createWriteStream(path, { ...options, fs: { ...fs, open } } as Parameters<Fs['createWriteStream']>[1]);
  }) as Fs['createWriteStream'];
  return { ...fs, createWriteStream, default: { ...fs, createWriteStream } } as Fs;
}

export function heldFsPromises(fsp: FsPromises): FsPromises {
  const rm = (async (path: Parameters<FsPromises['rm']>[0], options?: Parameters<FsPromises['rm']>[1]) => {
    await fsp.rm(path, options);
    // The file is gone now: an open held until this point creates it afresh, after its removal.
    held.get(String(path))?.();
  }) as FsPromises['rm'];
  return { ...fsp, rm, default: { ...fsp, rm } } as FsPromises;
}
