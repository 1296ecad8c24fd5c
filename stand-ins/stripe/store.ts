// Where the stand-in keeps its objects: in memory (tests), or in Redis as one JSON value per
// object under `${prefix}:stripe-stand-in:…` (the built-in demo provider, so customers,
// subscriptions and pending webhook deliveries survive an API restart). Both stores hand out
// copies: changing a returned object changes nothing until it is put back.
import type { Redis } from 'ioredis';

export interface StandInStore {
  get(type: string, id: string): Promise<unknown>;
  /** Creates or replaces. With `ttlSeconds` the value expires and is left out of `list`. */
  put(type: string, id: string, value: unknown, options?: { ttlSeconds?: number }): Promise<void>;
  /** Every live object of a type, oldest first (the order of their first put). */
  list(type: string): Promise<unknown[]>;
  /** Removes an object (a deleted webhook endpoint). */
  delete(type: string, id: string): Promise<void>;
  /** A counter that only grows (per store, across restarts for Redis). */
  nextCount(): Promise<number>;
}

interface MemoryEntry {
  json: string;
  expiresAt: number | null;
}

export function memoryStore(): StandInStore {
  const types = new Map<string, Map<string, MemoryEntry>>();
  let count = 0;
  const bucket = (type: string) => {
    let map = types.get(type);
    if (!map) {
      map = new Map();
      types.set(type, map);
    }
    return map;
  };
  const live = (entry: MemoryEntry | undefined) => entry !== undefined && (entry.expiresAt === null || entry.expiresAt > Date.now());
  return {
    async get(type, id) {
      const entry = bucket(type).get(id);
      if (!live(entry)) {
        bucket(type).delete(id);
        return undefined;
      }
      return JSON.parse((entry as MemoryEntry).json) as unknown;
    },
    async put(type, id, value, options) {
      const map = bucket(type);
      const entry = { json: JSON.stringify(value), expiresAt: options?.ttlSeconds ? Date.now() + options.ttlSeconds * 1000 : null };
      // Replacing keeps the first position (Map.set on an existing key does), as Redis's index does.
      map.set(id, entry);
    },
    async list(type) {
      const out: unknown[] = [];
      for (const [id, entry] of bucket(type)) {
        if (!live(entry)) bucket(type).delete(id);
        else if (entry.expiresAt === null) out.push(JSON.parse(entry.json) as unknown);
      }
      return out;
    },
    async delete(type, id) {
      bucket(type).delete(id);
    },
    async nextCount() {
      count += 1;
      return count;
    },
  };
}

/**
 * Redis: `${prefix}:stripe-stand-in:obj:${type}:${id}` holds the JSON, the sorted set
 * `${prefix}:stripe-stand-in:index:${type}` lists ids by first put, `…:count` is the counter.
 * The client belongs to the caller (never closed here).
 */
export function redisStore(redis: Redis, prefix: string): StandInStore {
  const base = `${prefix}:stripe-stand-in`;
  const objectKey = (type: string, id: string) => `${base}:obj:${type}:${id}`;
  const indexKey = (type: string) => `${base}:index:${type}`;
  const countKey = `${base}:count`;
  return {
    async get(type, id) {
      const json = await redis.get(objectKey(type, id));
      return json === null ? undefined : (JSON.parse(json) as unknown);
    },
    async put(type, id, value, options) {
      const json = JSON.stringify(value);
      if (options?.ttlSeconds) {
        await redis.set(objectKey(type, id), json, 'EX', Math.max(1, Math.ceil(options.ttlSeconds)));
        return;
      }
      const position = await redis.incr(countKey);
      await redis.multi().set(objectKey(type, id), json).zadd(indexKey(type), 'NX', String(position), id).exec();
    },
    async list(type) {
      const ids = await redis.zrange(indexKey(type), '0', '-1');
      if (ids.length === 0) return [];
      const out: unknown[] = [];
      // MGET in slices: a long-running demo can hold thousands of objects of a type.
      for (let i = 0; i < ids.length; i += 500) {
        const values = await redis.mget(ids.slice(i, i + 500).map((id) => objectKey(type, id)));
        for (const json of values) if (json !== null) out.push(JSON.parse(json) as unknown);
      }
      return out;
    },
    async delete(type, id) {
      await redis.multi().del(objectKey(type, id)).zrem(indexKey(type), id).exec();
    },
    async nextCount() {
      return redis.incr(countKey);
    },
  };
}
