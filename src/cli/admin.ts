// The administration commands: organizations, keys, credits and the ledger, against the same
// database as the running service (changes take effect at once).
import { NotFoundError, type Store } from '../store/store.js';
import { UsageError } from './errors.js';

export interface AdminOptions {
  credits?: string;
  limit?: string;
}

/** What a command prints: `json` with --json, `text` otherwise. */
export interface Printed {
  json: unknown;
  text: string;
}

const USAGE_LIMIT = 50;

export async function admin(store: Store, command: string, args: string[], options: AdminOptions): Promise<Printed> {
  const [sub, a, b] = args;
  const want = (value: string | undefined, name: string) => {
    if (!value) throw new UsageError(`missing ${name}`);
    return value;
  };
  const whole = (value: string | undefined, name: string, min: number) => {
    const raw = want(value, name);
    const n = Number(raw);
    if (!/^\d+$/.test(raw.trim()) || !Number.isSafeInteger(n) || n < min) {
      throw new UsageError(`${name} must be a whole number ≥ ${min}, got "${raw}"${raw.trim().startsWith('-') ? ' (credits can only be added)' : ''}`);
    }
    return n;
  };
  const noMore = (extra: string | undefined) => {
    if (extra !== undefined) throw new UsageError(`unexpected argument "${extra}"`);
  };

  if (command === 'org' && sub === 'create') {
    noMore(b);
    const org = await store.createOrganization(want(a, 'NAME'), options.credits === undefined ? 0 : whole(options.credits, '--credits', 0));
    return { json: { id: org.id, name: org.name, balance: org.balance }, text: `organization ${org.id} (${org.name}), balance ${org.balance}` };
  }
  if (command === 'org' && sub === 'list') {
    noMore(a);
    const orgs = await store.listOrganizations();
    return {
      json: orgs.map((o) => ({ id: o.id, name: o.name, balance: o.balance, created_at: o.createdAt })),
      text: table(['ORGANIZATION', 'NAME', 'BALANCE', 'CREATED'], orgs.map((o) => [o.id, o.name, String(o.balance), o.createdAt])) || 'no organizations',
    };
  }
  if (command === 'key' && sub === 'create') {
    noMore(b);
    const key = await store.createKey(want(a, 'ORG_ID'));
    return { json: { key: key.key, id: key.id, org_id: key.orgId }, text: `key ${key.id} for ${key.orgId}:\n${key.key}\n(shown once; store it now)` };
  }
  if (command === 'key' && sub === 'list') {
    noMore(b);
    const keys = await store.listKeys(want(a, 'ORG_ID'));
    return {
      json: keys.map((k) => ({ id: k.id, org_id: k.orgId, prefix: k.prefix, created_at: k.createdAt, revoked_at: k.revokedAt })),
      text: table(['KEY', 'BEGINS WITH', 'CREATED', 'REVOKED'], keys.map((k) => [k.id, `${k.prefix}…`, k.createdAt, k.revokedAt ?? '-'])) || 'no keys',
    };
  }
  if (command === 'key' && sub === 'revoke') {
    noMore(b);
    const revoked = await store.revokeKey(want(a, 'KEY'));
    if (!revoked) throw new NotFoundError('no such active key');
    return { json: { revoked: true }, text: 'key revoked' };
  }
  if (command === 'credits' && sub === 'add') {
    const balance = await store.addCredits(want(a, 'ORG_ID'), whole(b, 'N', 1));
    noMore(args[3]);
    return { json: { balance }, text: `balance ${balance}` };
  }
  if (command === 'credits' && sub === 'show') {
    noMore(b);
    const balance = await store.getBalance(want(a, 'ORG_ID'));
    return { json: { balance }, text: `balance ${balance}` };
  }
  if (command === 'usage') {
    noMore(a);
    const orgId = want(sub, 'ORG_ID');
    const org = await store.getOrganization(orgId);
    if (!org) throw new NotFoundError(`organization ${orgId} not found`);
    const entries = await store.ledger(orgId, options.limit === undefined ? USAGE_LIMIT : whole(options.limit, '--limit', 1));
    const json = {
      org_id: org.id,
      name: org.name,
      balance: org.balance,
      entries: entries.map((e) => ({ at: e.createdAt, kind: e.kind, credits: e.credits, balance_after: e.balanceAfter, pages: e.pages, key_id: e.keyId, request_id: e.requestId })),
    };
    const rows = entries.map((e) => [e.createdAt, e.kind, e.credits > 0 ? `+${e.credits}` : String(e.credits), String(e.balanceAfter), e.pages === null ? '-' : String(e.pages), e.keyId ?? '-', e.requestId ?? '-']);
    const header = `${org.id} (${org.name}): balance ${org.balance}; the last ${entries.length} ledger entries, newest first`;
    return { json, text: `${header}\n${table(['TIME', 'KIND', 'CREDITS', 'BALANCE', 'PAGES', 'KEY', 'REQUEST'], rows)}`.trimEnd() };
  }
  throw new UsageError(`unknown command: ${[command, sub].filter(Boolean).join(' ')}`);
}

/** Columns padded to their widest cell; empty when there are no rows. */
function table(headers: string[], rows: string[][]): string {
  if (!rows.length) return '';
  const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  return [headers, ...rows].map((r) => r.map((cell, i) => cell.padEnd(widths[i]!)).join('  ').trimEnd()).join('\n');
}
