import { randomId } from "~/domain/ids";
import type { Db } from "../db/client.server";
import { leasesHeld, leasesOn, releaseLease, releaseLeases, renewLease, sweepLeases, takeLease, type HeldLease, type LeaseKind } from "../db/limits.server";

/**
 * How many live-progress streams and Nino WebSockets one visitor and one client address may hold
 * open at once. Each open connection holds a lease (a D1 row) taken by one conditional insert:
 *
 * - a stream renews its lease every STREAM_RENEW_MS while it runs and deletes it when it closes;
 *   after a crash its lease lapses within STREAM_LEASE_MS;
 * - a socket is held by its conversation's Durable Object (hibernating: nothing runs in the Worker
 *   while it is open), so its lease is long (SOCKET_LEASE_MS) and is reclaimed when a new socket
 *   finds the caps full: the objects the holder's leases name are asked how many sockets they
 *   really have open, and leases beyond that are deleted (a closed tab, a crash).
 */
export const CONNECTION_CAPS: Record<LeaseKind, { perVisitor: number; perClient: number }> = {
  /** the reader opens one stream per book being read; six covers several tabs */
  stream: { perVisitor: 6, perClient: 60 },
  /** the Nino panel opens one socket per tab */
  socket: { perVisitor: 4, perClient: 60 },
};

export const STREAM_LEASE_MS = 60_000;
export const STREAM_RENEW_MS = 20_000;
export const SOCKET_LEASE_MS = 6 * 60 * 60 * 1000;
/** A socket lease not yet confirmed by its object is left alone this long (the connect is under way). */
export const UNCONFIRMED_GRACE_MS = 30_000;
/** At most this many conversations are asked about their sockets when the caps are full. */
const MAX_TARGETS_CHECKED = 8;

export const TOO_MANY_STREAMS = "Too many live pages are open. Please close one and try again.";
export const TOO_MANY_SOCKETS = "Nino is already open in too many tabs. Please close one and try again.";

export interface Holder {
  visitor: string;
  /** the client key (identity.server's clientKey) */
  client: string;
}

export interface Lease {
  id: string;
  /** the connection is under way (a stream: renews; a socket: its object accepted it) */
  renew(): Promise<void>;
  release(): Promise<void>;
}

/** How many sockets a conversation's object has open (NinoSession.stats()). */
export type SocketCounter = (target: string) => Promise<number>;

function lease(db: Db, id: string, kind: LeaseKind): Lease {
  const ttl = kind === "stream" ? STREAM_LEASE_MS : SOCKET_LEASE_MS;
  return {
    id,
    renew: () => renewLease(db, id, Date.now() + ttl),
    release: () => releaseLease(db, id),
  };
}

async function tryTake(db: Db, kind: LeaseKind, holder: Holder, target: string, id: string): Promise<boolean> {
  const now = Date.now();
  const caps = CONNECTION_CAPS[kind];
  const expiresAt = now + (kind === "stream" ? STREAM_LEASE_MS : SOCKET_LEASE_MS);
  return takeLease(db, { id, kind, ...holder, target, now, expiresAt, perVisitor: caps.perVisitor, perClient: caps.perClient });
}

/** A stream's lease, or null when the visitor or the address already holds as many as the caps allow. */
export async function openStream(db: Db, holder: Holder, bookId: string): Promise<Lease | null> {
  const id = randomId(24);
  if (await tryTake(db, "stream", holder, bookId, id)) return lease(db, id, "stream");
  // expired leases of crashed streams no longer count, but go while we are here
  await sweepLeases(db, Date.now());
  return null;
}

/**
 * Deletes the socket leases of one conversation beyond the sockets its object really has open. A
 * young lease not yet confirmed may be a socket being accepted right now: it is counted as open.
 */
async function reclaim(db: Db, target: string, counter: SocketCounter, now: number): Promise<void> {
  const all = await leasesOn(db, "socket", target, now);
  const young = all.filter((l) => !l.confirmed && now - l.createdAt < UNCONFIRMED_GRACE_MS);
  const reclaimable = all.filter((l) => !young.includes(l));
  if (reclaimable.length === 0) return;
  const open = await counter(target);
  const excess = reclaimable.length - Math.max(0, open - young.length);
  if (excess > 0)
    await releaseLeases(
      db,
      reclaimable.slice(0, excess).map((l) => l.id),
    );
}

/**
 * A socket's lease on `target` (a conversation's object name), or null when the caps are full even
 * after reclaiming the leases of sockets that have closed.
 */
export async function openSocket(db: Db, holder: Holder, target: string, counter: SocketCounter): Promise<Lease | null> {
  const id = randomId(24);
  if (await tryTake(db, "socket", holder, target, id)) return lease(db, id, "socket");
  const now = Date.now();
  await sweepLeases(db, now);
  const held: HeldLease[] = [
    ...(await leasesHeld(db, "socket", { visitor: holder.visitor }, now)),
    ...(await leasesHeld(db, "socket", { client: holder.client }, now)),
  ];
  const targets = [...new Set(held.map((l) => l.target))].slice(0, MAX_TARGETS_CHECKED);
  for (const t of targets) await reclaim(db, t, counter, now);
  if (await tryTake(db, "socket", holder, target, id)) return lease(db, id, "socket");
  return null;
}
