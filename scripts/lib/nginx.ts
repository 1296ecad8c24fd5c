// nginx as the load balancer of `npm run start:cluster`: Debian's nginx package (`apt-get install
// nginx`), never its system service. We write a config into a folder of our own and run
// `nginx -p <dir> -c <dir>/nginx.conf -e <dir>/error.log -g 'daemon off;'` as a supervised child,
// so its pid file, logs and temporary files stay in that folder and it stops with us.
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const CANDIDATES = ['/usr/sbin/nginx', '/usr/local/sbin/nginx', '/usr/local/nginx/sbin/nginx', '/usr/bin/nginx'];

/** The nginx binary: NGINX_BIN, then PATH, then the usual places; null when there is none. */
export function findNginx(env: NodeJS.ProcessEnv = process.env): string | null {
  if (env.NGINX_BIN) return existsSync(env.NGINX_BIN) ? env.NGINX_BIN : null;
  for (const dir of (env.PATH ?? '').split(path.delimiter).filter(Boolean)) {
    const candidate = path.join(dir, 'nginx');
    if (existsSync(candidate)) return candidate;
  }
  return CANDIDATES.find((candidate) => existsSync(candidate)) ?? null;
}

export interface NginxConfigOptions {
  /** The folder nginx runs in (its -p prefix): pid, logs and temporary files. */
  dir: string;
  listenHost: string;
  listenPort: number;
  /** host:port of each API instance. */
  upstreams: string[];
  /** Running as root: nginx's workers would become `nobody` and could not use `dir`; keep them as root. */
  isRoot: boolean;
  /** Largest request body (uploads); the API sets its own, smaller limits per route. */
  maxBodySize?: string;
}

/**
 * The load balancer's configuration. Requests go round-robin to the APIs, except the directory's
 * (/api/professionals…, /professionals…): those go by a consistent hash of the whole URI, so each
 * search is answered by one API and kept in that API's answer cache only (decision 0023). N APIs
 * then hold N times as many answers between them, and each search is computed once rather than once
 * per API. A refused connection or a timeout before any answer moves an idempotent request to the
 * next API (the hash picks the next one too). Every answer names the instance that made it in
 * X-ITC-Upstream (for operators and the cluster test). The APIs run with TRUST_PROXY_HOPS=1: nginx
 * appends the address it saw to X-Forwarded-For and says the scheme.
 */
export function nginxConfig(options: NginxConfigOptions): string {
  const listen = options.listenHost.includes(':') ? `[${options.listenHost}]:${options.listenPort}` : `${options.listenHost}:${options.listenPort}`;
  const temp = (name: string) => path.join(options.dir, 'temp', name);
  const servers = options.upstreams.map((upstream) => `    server ${upstream} max_fails=1 fail_timeout=5s;`);
  // Enough idle connections to each API for every client connection (the bench's 50 among them):
  // fewer, and nginx opens and closes a connection per request under load.
  const keepalive = '    keepalive 64;';
  const proxy = (upstream: string) => [
    `      proxy_pass http://${upstream};`,
    '      proxy_http_version 1.1;',
    '      proxy_set_header Connection "";',
    '      proxy_set_header Host $http_host;',
    '      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;',
    '      proxy_set_header X-Forwarded-Proto $scheme;',
    '      proxy_set_header X-Forwarded-Host $http_host;',
    '      proxy_next_upstream error timeout;',
    '      proxy_read_timeout 60s;',
    '      add_header X-ITC-Upstream $upstream_addr always;',
  ];
  return [
    '# Written by scripts/start-cluster.ts at every start; edits are lost.',
    ...(options.isRoot ? ['user root root;'] : []),
    'worker_processes 1;',
    `pid ${path.join(options.dir, 'nginx.pid')};`,
    `error_log ${path.join(options.dir, 'error.log')} warn;`,
    'events { worker_connections 1024; }',
    'http {',
    // Written in 64 KB batches (at most a second late) rather than one write per request.
    `  access_log ${path.join(options.dir, 'access.log')} combined buffer=64k flush=1s;`,
    `  client_body_temp_path ${temp('body')};`,
    `  proxy_temp_path ${temp('proxy')};`,
    `  fastcgi_temp_path ${temp('fastcgi')};`,
    `  uwsgi_temp_path ${temp('uwsgi')};`,
    `  scgi_temp_path ${temp('scgi')};`,
    `  client_max_body_size ${options.maxBodySize ?? '25m'};`,
    '  server_tokens off;',
    '  upstream itconnect_api {',
    ...servers,
    keepalive,
    '  }',
    '  upstream itconnect_directory {',
    '    hash $request_uri consistent;',
    ...servers,
    keepalive,
    '  }',
    '  server {',
    `    listen ${listen};`,
    '    location / {',
    ...proxy('itconnect_api'),
    '    }',
    '    location /api/professionals {',
    ...proxy('itconnect_directory'),
    '    }',
    '    location /professionals {',
    ...proxy('itconnect_directory'),
    '    }',
    '  }',
    '}',
    '',
  ].join('\n');
}

/** Writes the config (and the folders it names); returns the nginx arguments that run it in the foreground. */
export function writeNginxConfig(options: NginxConfigOptions): string[] {
  for (const name of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) mkdirSync(path.join(options.dir, 'temp', name), { recursive: true });
  const conf = path.join(options.dir, 'nginx.conf');
  writeFileSync(conf, nginxConfig(options));
  return ['-p', options.dir, '-c', conf, '-e', path.join(options.dir, 'error.log'), '-g', 'daemon off;'];
}
