import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { findNginx, nginxConfig, writeNginxConfig } from './nginx';

const base = { dir: '/tmp/itc-nginx', listenHost: '127.0.0.1', listenPort: 3000, upstreams: ['127.0.0.1:3001', '127.0.0.1:3002'], isRoot: false };

describe('the cluster load balancer config', () => {
  it('lists every API, forwards the client address and scheme, and names the API that answered', () => {
    const conf = nginxConfig(base);
    expect(conf).toContain('listen 127.0.0.1:3000;');
    expect(conf).toContain('server 127.0.0.1:3001 max_fails=1 fail_timeout=5s;');
    expect(conf).toContain('server 127.0.0.1:3002 max_fails=1 fail_timeout=5s;');
    expect(conf).toContain('proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;');
    expect(conf).toContain('proxy_set_header X-Forwarded-Proto $scheme;');
    expect(conf).toContain('add_header X-ITC-Upstream $upstream_addr always;');
    expect(conf).toContain('pid /tmp/itc-nginx/nginx.pid;');
    expect(conf).not.toContain('user ');
  });

  it("sends each directory URL to one API (a consistent hash of the URI, so it sits in one answer cache) and the rest round-robin", () => {
    const conf = nginxConfig(base);
    const block = (name: string) => conf.slice(conf.indexOf(`upstream ${name} {`), conf.indexOf('}', conf.indexOf(`upstream ${name} {`)));
    expect(block('itconnect_directory')).toContain('hash $request_uri consistent;');
    expect(block('itconnect_directory')).toContain('server 127.0.0.1:3002 max_fails=1 fail_timeout=5s;');
    expect(block('itconnect_api')).not.toContain('hash');
    expect(conf).toMatch(/location \/api\/professionals \{\n\s+proxy_pass http:\/\/itconnect_directory;/);
    expect(conf).toMatch(/location \/professionals \{\n\s+proxy_pass http:\/\/itconnect_directory;/);
    expect(conf).toMatch(/location \/ \{\n\s+proxy_pass http:\/\/itconnect_api;/);
    // Every location forwards the same headers.
    expect(conf.match(/proxy_set_header X-Forwarded-For \$proxy_add_x_forwarded_for;/g)).toHaveLength(3);
  });

  it('keeps its workers as root when started as root, and brackets an IPv6 listen address', () => {
    const conf = nginxConfig({ ...base, isRoot: true, listenHost: '::1' });
    expect(conf).toMatch(/^user root root;$/m);
    expect(conf).toContain('listen [::1]:3000;');
  });

  it('writes the config into its folder and runs nginx in the foreground from it', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'itc-nginx-'));
    try {
      const args = writeNginxConfig({ ...base, dir });
      expect(args).toEqual(['-p', dir, '-c', path.join(dir, 'nginx.conf'), '-e', path.join(dir, 'error.log'), '-g', 'daemon off;']);
      expect(readFileSync(path.join(dir, 'nginx.conf'), 'utf8')).toContain(`proxy_temp_path ${path.join(dir, 'temp', 'proxy')};`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('finds nginx through NGINX_BIN, or says there is none', () => {
    expect(findNginx({ NGINX_BIN: '/nonexistent/nginx' })).toBeNull();
    expect(findNginx({ NGINX_BIN: process.execPath })).toBe(process.execPath);
  });
});
