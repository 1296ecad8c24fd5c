// A stand-in for the map's tile server (an outside service): every /{z}/{x}/{y}.png answers with the
// same plain 256×256 PNG, so the directory's map loads its tiles without the internet, and a test
// that blocks this host sees the page's "tiles cannot load" state instead.
import { createServer, type Server } from 'node:http';
import { deflateSync } from 'node:zlib';

const SIZE = 256;
/** A pale land colour, like an empty stretch of a street map. */
const RGB = [0xf2, 0xef, 0xe9] as const;

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k += 1) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

function plainPng(): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(SIZE, 0);
  header.writeUInt32BE(SIZE, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // truecolour
  const row = Buffer.alloc(1 + SIZE * 3);
  for (let x = 0; x < SIZE; x += 1) row.set(RGB, 1 + x * 3);
  const pixels = Buffer.concat(Array.from({ length: SIZE }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Starts the stand-in on a free port of 127.0.0.1; resolves with its tile URL template. */
export async function startTileServer(): Promise<{ urlTemplate: string; server: Server }> {
  const png = plainPng();
  const server = createServer((req, res) => {
    if (req.method !== 'GET' || !/^\/\d+\/\d+\/\d+\.png$/.test(req.url ?? '')) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'Content-Type': 'image/png', 'Content-Length': png.length, 'Cache-Control': 'max-age=3600' });
    res.end(png);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { urlTemplate: `http://127.0.0.1:${port}/{z}/{x}/{y}.png`, server };
}
