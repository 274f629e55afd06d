/** The newest modification time under a file or folder; 0 when it does not exist. */
export function newestMtime(entry: string): number;
/** The parts of the build older than their sources (see build-state.js). */
export function staleParts(root: string): Array<'server' | 'portal'>;
