/**
 * The memory of a local server, read from /proc (Linux): the processes of the server listening on
 * a TCP port are found through the listening socket's inode, and their resident set sizes summed
 * over the whole process group (`npm start` is node scripts/start.mjs, netlify-cli, the Deno edge
 * runtime and whatever else they start; the integration set-up and `setsid npm start` make it one
 * group). Undefined where /proc is not there or the listener belongs to another user.
 */
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';

const LISTEN = '0A';

/** Inodes of the sockets listening on `port` (IPv4 and IPv6). */
function listeningInodes(port: number): Set<string> {
  const inodes = new Set<string>();
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    let text: string;
    try {
      text = readFileSync(table, 'utf8');
    } catch {
      continue;
    }
    for (const line of text.split('\n').slice(1)) {
      const fields = line.trim().split(/\s+/);
      const local = fields[1];
      if (!local || fields[3] !== LISTEN) continue;
      if (parseInt(local.split(':').pop()!, 16) === port) inodes.add(fields[9]!);
    }
  }
  return inodes;
}

const pids = () => readdirSync('/proc').filter((name) => /^\d+$/.test(name));

/** Field 5 of /proc/<pid>/stat (after the parenthesised command name): the process group. */
function processGroupOf(pid: string): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[2];
  } catch {
    return undefined;
  }
}

/** The process group of the process listening on `port`. */
export function serverProcessGroup(port: number): string | undefined {
  const inodes = listeningInodes(port);
  if (inodes.size === 0) return undefined;
  for (const pid of pids()) {
    let fds: string[];
    try {
      fds = readdirSync(`/proc/${pid}/fd`);
    } catch {
      continue;
    }
    for (const fd of fds) {
      let target: string;
      try {
        target = readlinkSync(`/proc/${pid}/fd/${fd}`);
      } catch {
        continue;
      }
      const inode = /^socket:\[(\d+)\]$/.exec(target)?.[1];
      if (inode && inodes.has(inode)) return processGroupOf(pid);
    }
  }
  return undefined;
}

/** The summed resident set size (bytes) and number of the processes in group `group`. */
export function groupMemory(group: string): { rssBytes: number; processes: number } {
  let rssBytes = 0;
  let processes = 0;
  for (const pid of pids()) {
    if (processGroupOf(pid) !== group) continue;
    try {
      const kb = /^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
      if (kb === undefined) continue; // a zombie or a kernel thread
      rssBytes += Number(kb) * 1024;
      processes += 1;
    } catch {
      // exited meanwhile
    }
  }
  return { rssBytes, processes };
}
