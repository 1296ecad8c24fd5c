// Logos and photos of work for some demo listings (product rule 34), made here and licence-clean:
// SVG monograms and simple abstract "work" pictures (a rack of servers, a network diagram, a
// screen with a chart) rendered by sharp, then put through the same pipeline and storage adapter
// as an upload (api/src/domain/media/). Deterministic: the same listing gets the same picture,
// so the same content-hashed names, and a file already stored is not written again.
import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { defaultPhotoAlt, EMPTY_MEDIA, LOGO_LARGE, mediaFileName, PHOTO_LARGE, type MediaImage, type ProfessionalMedia } from '../../../core/media';
import { processImage, type ImageKind } from '../../../api/src/domain/media/image-pipeline';
import type { MediaStorage } from '../../../api/src/domain/media/media-storage';
import type { DemoProfessional } from './demo-data';

const PALETTES = [
  ['#1d4ed8', '#dbeafe'],
  ['#047857', '#d1fae5'],
  ['#7c2d12', '#ffedd5'],
  ['#6d28d9', '#ede9fe'],
  ['#0f766e', '#ccfbf1'],
  ['#be123c', '#ffe4e6'],
  ['#374151', '#f3f4f6'],
  ['#a16207', '#fef9c3'],
] as const;

function hashOf(text: string): number {
  let h = 2166136261;
  for (const c of text) h = Math.imul(h ^ c.charCodeAt(0), 16777619) >>> 0;
  return h;
}

function initials(name: string): string {
  const words = name.replace(/\b(Ltd|LLP|and|&|of|the)\b/gi, ' ').split(/\s+/).filter(Boolean);
  return (words.slice(0, 2).map((w) => w[0]!.toUpperCase()).join('') || 'IT').slice(0, 2);
}

function logoSvg(p: DemoProfessional): string {
  const h = hashOf(p.slug);
  const [ink, paper] = PALETTES[h % PALETTES.length]!;
  const shape = h % 3;
  const mark =
    shape === 0
      ? `<circle cx="256" cy="256" r="236" fill="${ink}"/><circle cx="256" cy="256" r="200" fill="none" stroke="${paper}" stroke-width="10"/>`
      : shape === 1
        ? `<rect x="24" y="24" width="464" height="464" rx="96" fill="${ink}"/><path d="M24 360 L488 200 L488 488 L24 488 Z" fill="${paper}" opacity="0.25"/>`
        : `<polygon points="256,16 480,136 480,376 256,496 32,376 32,136" fill="${ink}"/>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="512" height="512" viewBox="0 0 512 512">${mark}
<text x="256" y="300" font-family="DejaVu Sans, Arial, sans-serif" font-weight="700" font-size="170" fill="${paper}" text-anchor="middle">${initials(p.companyName)}</text></svg>`;
}

/** Three kinds of work picture, drawn from shapes only. */
function photoSvg(p: DemoProfessional, index: number): { svg: string; alt: string } {
  const h = hashOf(`${p.slug}#${index}`);
  const [ink, paper] = PALETTES[(hashOf(p.slug) + index) % PALETTES.length]!;
  const kind = (hashOf(p.slug) + index) % 3;
  if (kind === 0) {
    const units = Array.from({ length: 8 }, (_, i) => {
      const y = 90 + i * 62;
      const leds = Array.from({ length: 6 }, (_, j) => `<circle cx="${560 + j * 26}" cy="${y + 26}" r="6" fill="${(h >>> (i + j)) & 1 ? '#22c55e' : '#f59e0b'}"/>`).join('');
      return `<rect x="380" y="${y}" width="440" height="52" rx="6" fill="#1f2937"/><rect x="400" y="${y + 14}" width="130" height="24" rx="3" fill="#4b5563"/>${leds}`;
    }).join('');
    return {
      svg: `<svg xmlns="http://www.w3.org/2000/svg" width="960" height="640" viewBox="0 0 1200 800"><rect width="1200" height="800" fill="${paper}"/><rect x="350" y="60" width="500" height="640" rx="14" fill="#111827"/>${units}<rect x="0" y="700" width="1200" height="100" fill="${ink}" opacity="0.35"/></svg>`,
      alt: `A server cabinet ${p.companyName} installed and cabled`,
    };
  }
  if (kind === 1) {
    const nodes = Array.from({ length: 7 }, (_, i) => [150 + ((h >>> i) % 7) * 130 + i * 20, 150 + ((h >>> (i * 2)) % 5) * 110]);
    const lines = nodes.map(([x, y], i) => `<line x1="600" y1="400" x2="${x}" y2="${y}" stroke="${ink}" stroke-width="${6 + (i % 3) * 2}" opacity="0.7"/>`).join('');
    const dots = nodes.map(([x, y]) => `<rect x="${x! - 40}" y="${y! - 28}" width="80" height="56" rx="10" fill="#ffffff" stroke="${ink}" stroke-width="6"/>`).join('');
    return {
      svg: `<svg xmlns="http://www.w3.org/2000/svg" width="960" height="640" viewBox="0 0 1200 800"><rect width="1200" height="800" fill="${paper}"/>${lines}${dots}<circle cx="600" cy="400" r="70" fill="${ink}"/></svg>`,
      alt: `Diagram of an office network ${p.companyName} designed`,
    };
  }
  const bars = Array.from({ length: 9 }, (_, i) => {
    const height = 60 + ((h >>> i) % 9) * 32;
    return `<rect x="${300 + i * 66}" y="${560 - height}" width="44" height="${height}" rx="4" fill="${ink}" opacity="${0.55 + (i % 3) * 0.15}"/>`;
  }).join('');
  return {
    svg: `<svg xmlns="http://www.w3.org/2000/svg" width="960" height="640" viewBox="0 0 1200 800"><rect width="1200" height="800" fill="${paper}"/><rect x="220" y="120" width="760" height="500" rx="18" fill="#ffffff" stroke="#111827" stroke-width="14"/>${bars}<rect x="540" y="620" width="120" height="70" fill="#111827"/><rect x="440" y="680" width="320" height="24" rx="8" fill="#111827"/></svg>`,
    alt: `A reporting dashboard ${p.companyName} built for a client`,
  };
}

async function store(storage: MediaStorage, svg: string, kind: ImageKind, alt: string): Promise<MediaImage> {
  // Named by the SVG it is drawn from: when the files are already stored (every start after the
  // first, every e2e run after the first) nothing is drawn again.
  const key = createHash('sha256').update(`demo-v1:${kind}:`).update(svg).digest('hex').slice(0, 24);
  const largest = await storage.get(mediaFileName(key, kind === 'logo' ? LOGO_LARGE : PHOTO_LARGE));
  if (largest) {
    const { width = 0, height = 0 } = await sharp(largest).metadata();
    return { key, alt, width, height };
  }
  const png = await sharp(Buffer.from(svg)).png({ compressionLevel: 1 }).toBuffer();
  const image = await processImage(png, kind, { key });
  await Promise.all(
    image.files.map(async (file) => {
      await storage.put(file.name, file.body, 'image/webp');
    }),
  );
  return { key: image.key, alt, width: image.width, height: image.height };
}

/**
 * Which listings get a face: about two in five get a logo, and about one in four of those with a
 * logo also shows two or three photos of work. The demo provider's own listing gets none, so a
 * journey can upload its first.
 */
export async function makeDemoMedia(professionals: readonly DemoProfessional[], storage: MediaStorage, skipSlug?: string): Promise<Map<string, ProfessionalMedia>> {
  const media = new Map<string, ProfessionalMedia>();
  await Promise.all(
    professionals.map(async (p) => {
      const h = hashOf(p.slug);
      if (p.slug === skipSlug || h % 5 >= 2) return;
      const logo = await store(storage, logoSvg(p), 'logo', `${p.companyName} logo`);
      const photoCount = h % 4 === 0 ? 2 + (h % 2) : 0;
      const photos: MediaImage[] = [];
      for (let i = 0; i < photoCount; i++) {
        const { svg, alt } = photoSvg(p, i);
        photos.push(await store(storage, svg, 'photo', alt || defaultPhotoAlt(p.companyName)));
      }
      media.set(p.slug, { ...EMPTY_MEDIA, logo, photos });
    }),
  );
  return media;
}
