/**
 * The DNS-AID SVCB records (contract: "alpn=mcp ... on an index name and an MCP name under the
 * company's agent subdomain"): `_index._agents.<zone>` and `_mcp._agents.<zone>`, each with
 * `mcp` in alpn. Asked with the audit's own UDP query (node:dns has no SVCB). Skipped for
 * reserved names (localhost, .example, .test, .invalid, IP addresses) and when offline.
 */
import { createSocket } from 'node:dgram';
import { readFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { PATHS, isObject, jsonOf, type Audit } from '../context.ts';

const SVCB = 64;
const SOA = 6;
const TIMEOUT_MS = 3_000;
const RESERVED = /(^|\.)(localhost|example|test|invalid|local|internal)$/i;

export interface SvcbAnswer {
  priority: number;
  target: string;
  alpn: string[];
  port?: number;
}

export type DnsOutcome =
  { kind: 'answers'; records: SvcbAnswer[] } | { kind: 'nxdomain' } | { kind: 'offline'; why: string };

/** The zone of the agent names: the deployment's public host without `www.`. */
export function dnsZone(host: string): string | undefined {
  const name = host.replace(/:\d+$/, '').replace(/\.$/, '').toLowerCase();
  if (isIP(name.replace(/^\[|\]$/g, '')) || !name.includes('.') || RESERVED.test(name)) return undefined;
  return name.replace(/^www\./, '');
}

export function encodeQuery(id: number, name: string, type: number): Buffer {
  const labels = name
    .replace(/\.$/, '')
    .split('.')
    .map((label) => Buffer.concat([Buffer.from([label.length]), Buffer.from(label, 'ascii')]));
  const header = Buffer.alloc(12);
  header.writeUInt16BE(id, 0);
  header.writeUInt16BE(0x0100, 2); // recursion desired
  header.writeUInt16BE(1, 4);
  const question = Buffer.alloc(4);
  question.writeUInt16BE(type, 0);
  question.writeUInt16BE(1, 2); // IN
  return Buffer.concat([header, ...labels, Buffer.from([0]), question]);
}

function readName(message: Buffer, start: number): { name: string; end: number } {
  const labels: string[] = [];
  let offset = start;
  let end = -1;
  for (let hops = 0; hops < 64; hops += 1) {
    const length = message[offset];
    if (length === undefined) throw new Error('truncated name');
    if (length === 0) {
      offset += 1;
      break;
    }
    if ((length & 0xc0) === 0xc0) {
      if (end < 0) end = offset + 2;
      offset = ((length & 0x3f) << 8) | message[offset + 1]!;
      continue;
    }
    labels.push(message.subarray(offset + 1, offset + 1 + length).toString('ascii'));
    offset += 1 + length;
  }
  return { name: `${labels.join('.')}.`, end: end < 0 ? offset : end };
}

/** The SVCB answers of a DNS response (RFC 9460 wire format), or its failure. */
export function decodeResponse(message: Buffer): DnsOutcome {
  const flags = message.readUInt16BE(2);
  const rcode = flags & 0x0f;
  if (rcode === 3) return { kind: 'nxdomain' };
  if (rcode !== 0) return { kind: 'offline', why: `the resolver answered with rcode ${rcode}` };
  const questions = message.readUInt16BE(4);
  const answers = message.readUInt16BE(6);
  let offset = 12;
  for (let i = 0; i < questions; i += 1) offset = readName(message, offset).end + 4;
  const records: SvcbAnswer[] = [];
  for (let i = 0; i < answers; i += 1) {
    offset = readName(message, offset).end;
    const type = message.readUInt16BE(offset);
    const length = message.readUInt16BE(offset + 8);
    const data = offset + 10;
    offset = data + length;
    if (type !== SVCB) continue;
    const priority = message.readUInt16BE(data);
    const target = readName(message, data + 2);
    const record: SvcbAnswer = { priority, target: target.name, alpn: [] };
    for (let at = target.end; at + 4 <= offset;) {
      const key = message.readUInt16BE(at);
      const size = message.readUInt16BE(at + 2);
      const value = message.subarray(at + 4, at + 4 + size);
      if (key === 1)
        for (let j = 0; j < value.length; j += 1 + value[j]!)
          record.alpn.push(value.subarray(j + 1, j + 1 + value[j]!).toString('ascii'));
      if (key === 3 && size === 2) record.port = value.readUInt16BE(0);
      at += 4 + size;
    }
    records.push(record);
  }
  return { kind: 'answers', records };
}

function resolver(): string {
  try {
    const line = /^\s*nameserver\s+(\S+)/m.exec(readFileSync('/etc/resolv.conf', 'utf8'));
    if (line) return line[1]!;
  } catch {
    // no resolv.conf (not Linux): a public resolver
  }
  return '1.1.1.1';
}

/** Asks the system's resolver for the records of `name` (SVCB answers are decoded; others only counted as an answer). */
export function queryDns(name: string, type: number = SVCB, server = resolver()): Promise<DnsOutcome> {
  return new Promise((resolve) => {
    const socket = createSocket(isIP(server) === 6 ? 'udp6' : 'udp4');
    const id = Math.floor(Math.random() * 0xffff);
    const done = (outcome: DnsOutcome) => {
      clearTimeout(timer);
      socket.close();
      resolve(outcome);
    };
    const timer = setTimeout(
      () => done({ kind: 'offline', why: `no answer from the resolver ${server} within ${TIMEOUT_MS / 1000} s` }),
      TIMEOUT_MS,
    );
    socket.on('error', (error) => done({ kind: 'offline', why: error.message }));
    socket.on('message', (message) => {
      if (message.readUInt16BE(0) !== id) return;
      try {
        done(decodeResponse(message));
      } catch (error) {
        done({ kind: 'offline', why: `unreadable answer: ${(error as Error).message}` });
      }
    });
    socket.send(encodeQuery(id, name, type), 53, server, (error) => {
      if (error) done({ kind: 'offline', why: error.message });
    });
  });
}

export async function checkDns(audit: Audit, query: typeof queryDns = queryDns): Promise<void> {
  const area = 'dns';
  const card = jsonOf(await audit.getOnce(PATHS.serverCard));
  const website =
    isObject(card) && typeof card.websiteUrl === 'string' && URL.canParse(card.websiteUrl)
      ? new URL(card.websiteUrl).host
      : undefined;
  const host = website ?? audit.base.host;
  const zone = dnsZone(host);
  if (!zone) {
    audit.skip(
      area,
      'dns.svcb',
      'SVCB records _index._agents / _mcp._agents',
      `${host} is a reserved or local name: no public DNS to ask`,
    );
    return;
  }
  // A resolver that cannot reach the internet may answer NXDOMAIN for everything: the zone's own
  // SOA must resolve before a missing record counts as a failure.
  const apex = await query(zone, SOA);
  if (apex.kind !== 'answers') {
    audit.skip(
      area,
      'dns.svcb',
      'SVCB records _index._agents / _mcp._agents',
      `the zone ${zone} does not resolve from here (${apex.kind === 'offline' ? apex.why : 'NXDOMAIN'}); run again online`,
    );
    return;
  }
  for (const role of ['index', 'mcp']) {
    const name = `_${role}._agents.${zone}`;
    const outcome = await query(name);
    if (outcome.kind === 'offline') {
      audit.skip(area, `dns.svcb.${role}`, `SVCB ${name}`, `DNS not reachable (${outcome.why}); run again online`);
      continue;
    }
    const records = outcome.kind === 'answers' ? outcome.records : [];
    const withMcp = records.filter((record) => record.priority > 0 && record.alpn.includes('mcp'));
    audit.check(area, `dns.svcb.${role}`, `SVCB ${name} with alpn=mcp`, withMcp.length > 0, {
      expected: `a ServiceMode SVCB record at ${name} with "mcp" in alpn`,
      got:
        outcome.kind === 'nxdomain'
          ? 'NXDOMAIN'
          : records.length
            ? records.map((record) => `${record.priority} ${record.target} alpn=${record.alpn.join(',')}`).join('; ')
            : 'no SVCB record',
      fix: '`npm run dns` prints the records to add at the DNS provider (docs/deploy.md).',
    });
  }
}
