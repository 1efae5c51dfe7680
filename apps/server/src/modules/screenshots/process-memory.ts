import { readdirSync, readFileSync } from 'node:fs';

const PAGE_BYTES = 4096;

interface ProcStat {
  pid: number;
  ppid: number;
  rssBytes: number;
}

/** /proc/<pid>/stat read past the command name, which may itself hold spaces and parentheses. */
function readStat(pid: string): ProcStat | null {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
    // After the name: state, ppid, ... rss is the 24th field of the line, the 22nd after the name.
    return { pid: Number(pid), ppid: Number(fields[1]), rssBytes: Number(fields[21]) * PAGE_BYTES };
  } catch {
    return null;
  }
}

function allStats(): ProcStat[] {
  let entries: string[];
  try {
    entries = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    return [];
  }
  return entries.map(readStat).filter((stat): stat is ProcStat => stat !== null);
}

/**
 * The child of this process whose command line carries `marker`: the browser Playwright launched.
 * Null where /proc is missing (not Linux); memory recycling is then by render count only.
 */
export function childPidWithArg(marker: string): number | null {
  for (const stat of allStats()) {
    if (stat.ppid !== process.pid) continue;
    try {
      if (
        readFileSync(`/proc/${String(stat.pid)}/cmdline`, 'utf8')
          .split('\0')
          .includes(marker)
      )
        return stat.pid;
    } catch {
      // The process ended while we looked.
    }
  }
  return null;
}

/** Resident memory of a process and all its descendants (Chromium's renderers, GPU and zygote processes). */
export function treeRssBytes(rootPid: number): number {
  const stats = allStats();
  const children = new Map<number, ProcStat[]>();
  for (const stat of stats) children.set(stat.ppid, [...(children.get(stat.ppid) ?? []), stat]);
  const root = stats.find((stat) => stat.pid === rootPid);
  if (root === undefined) return 0;
  let total = 0;
  const queue = [root];
  for (let next = queue.pop(); next !== undefined; next = queue.pop()) {
    total += next.rssBytes;
    queue.push(...(children.get(next.pid) ?? []));
  }
  return total;
}
