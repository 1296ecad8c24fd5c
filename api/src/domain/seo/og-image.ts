// Draws a preview image (decision 0040): a card (og-card.ts) laid out by satori (a flexbox tree →
// SVG, text set in Inter from @fontsource/inter's WOFF files, never a system font: a fresh machine
// may have none) and made a 1200×630 PNG by sharp. The layout below is the drawing that
// OG_DRAWING_VERSION names: change one, bump the other. A logo arrives as PNG bytes (satori takes
// PNG, JPEG and SVG, not the WebP we store); text is passed as text, never parsed as markup.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import satori from 'satori';
import sharp from 'sharp';
import { countOf } from '../../../../core/counts';
import { SITE_NAME } from '../../../../core/pages';
import { initialsOf, OG_IMAGE_HEIGHT, OG_IMAGE_WIDTH, type OgCard } from './og-card';

/** The logo's side on the card, in pixels. */
export const OG_LOGO_SIDE = 240;
/** Company names are cut here (and wrapped to at most two lines): no name fills the card. */
const NAME_MAX_CHARACTERS = 70;

const INK = '#0f172a';
const MUTED = '#475569';
const BRAND = '#1d4ed8';
const STAR = '#f59e0b';

type Font = { name: string; data: Buffer; weight: 400 | 700; style: 'normal' };
let fonts: Promise<Font[]> | null = null;

/**
 * Inter, regular and bold, read once. Latin Extended (Polish, Welsh, Czech names) is a family of
 * its own named second in fontFamily: satori falls back glyph by glyph across families, not across
 * two files of one family.
 */
function loadFonts(): Promise<Font[]> {
  const require = createRequire(import.meta.url);
  const read = async (subset: string, weight: 400 | 700): Promise<Font> => ({
    name: subset === 'latin' ? 'Inter' : 'Inter Ext',
    data: await readFile(require.resolve(`@fontsource/inter/files/inter-${subset}-${weight}-normal.woff`)),
    weight,
    style: 'normal',
  });
  fonts ??= Promise.all([read('latin', 400), read('latin', 700), read('latin-ext', 400), read('latin-ext', 700)]).catch((error: unknown) => {
    fonts = null;
    throw error;
  });
  return fonts;
}

interface Node {
  type: string;
  props: Record<string, unknown> & { style?: Record<string, unknown>; children?: Child | Child[] };
}
type Child = Node | string | null;

function el(type: string, style: Record<string, unknown>, children?: Child | Child[], props: Record<string, unknown> = {}): Node {
  return { type, props: { ...props, style, children } };
}

function star(size: number): Node {
  return el(
    'svg',
    { width: size, height: size, marginRight: 14 },
    el('path', {}, null, { d: 'M12 2l2.9 6.9 7.1.6-5.4 4.7 1.6 7.3L12 17.8 5.8 21.5l1.6-7.3L2 9.5l7.1-.6z', fill: STAR }),
    { viewBox: '0 0 24 24', width: size, height: size },
  );
}

/** '4.8 [star] from 23 reviews', or the text given when there are none. */
function ratingRow(rating: number | null, reviewCount: number, none: string, fontSize: number): Node {
  if (rating === null || reviewCount <= 0) return el('div', { display: 'flex', fontSize, color: MUTED }, none);
  return el('div', { display: 'flex', alignItems: 'center', fontSize, color: INK }, [
    el('div', { display: 'flex', fontWeight: 700, marginRight: 12 }, rating.toFixed(1)),
    star(Math.round(fontSize * 0.95)),
    el('div', { display: 'flex', color: MUTED }, `from ${countOf(reviewCount, 'review', 'reviews')}`),
  ]);
}

function footer(): Node {
  return el('div', { display: 'flex', alignItems: 'center', justifyContent: 'space-between', height: 110, padding: '0 72px', background: BRAND, color: 'white' }, [
    el('div', { display: 'flex', fontSize: 44, fontWeight: 700 }, SITE_NAME),
    el('div', { display: 'flex', fontSize: 30 }, 'IT professionals across the UK'),
  ]);
}

function clip(text: string, max: number): string {
  const chars = [...text.trim()];
  return chars.length <= max ? chars.join('') : `${chars.slice(0, max - 1).join('').trimEnd()}…`;
}

function logoTile(name: string, logo: string | null): Node {
  const tile = { display: 'flex', alignItems: 'center', justifyContent: 'center', width: OG_LOGO_SIDE, height: OG_LOGO_SIDE, borderRadius: 32, flexShrink: 0, marginRight: 56 };
  if (logo) return el('img', { ...tile, background: 'white', border: '2px solid #e2e8f0', objectFit: 'contain' }, null, { src: logo, width: OG_LOGO_SIDE, height: OG_LOGO_SIDE });
  return el('div', { ...tile, background: BRAND, color: 'white', fontSize: 104, fontWeight: 700 }, initialsOf(name) || '?');
}

function layout(card: OgCard, logo: string | null): Node {
  const body =
    card.kind === 'profile'
      ? el('div', { display: 'flex', alignItems: 'center', flexGrow: 1, padding: '0 72px' }, [
          logoTile(card.name, logo),
          el('div', { display: 'flex', flexDirection: 'column', flexShrink: 1, minWidth: 0 }, [
            el('div', { display: 'block', fontSize: 64, fontWeight: 700, color: INK, lineHeight: 1.15, lineClamp: 2, marginBottom: 28 }, clip(card.name, NAME_MAX_CHARACTERS)),
            ratingRow(card.rating, card.reviewCount, 'No reviews yet', 40),
            el('div', { display: 'flex', fontSize: 36, color: MUTED, marginTop: 20 }, `IT services in ${card.place}`),
          ]),
        ])
      : el('div', { display: 'flex', flexDirection: 'column', justifyContent: 'center', flexGrow: 1, padding: '0 72px' }, [
          el('div', { display: 'block', fontSize: 76, fontWeight: 700, color: INK, lineHeight: 1.1, lineClamp: 2, marginBottom: 32 }, card.heading),
          el('div', { display: 'flex', fontSize: 44, color: INK, marginBottom: 20 }, countOf(card.count, 'IT professional', 'IT professionals')),
          ratingRow(card.averageRating, card.reviewCount, 'No reviews yet', 40),
        ]);
  return el('div', { display: 'flex', flexDirection: 'column', width: OG_IMAGE_WIDTH, height: OG_IMAGE_HEIGHT, background: '#f8fafc', fontFamily: 'Inter, "Inter Ext"' }, [body, footer()]);
}

/** A logo file's bytes (any format sharp reads) as a square PNG data URI; null when unreadable. */
export async function logoDataUri(bytes: Buffer): Promise<string | null> {
  try {
    const png = await sharp(bytes, { limitInputPixels: 4096 * 4096 })
      .resize(OG_LOGO_SIDE, OG_LOGO_SIDE, { fit: 'contain', background: { r: 255, g: 255, b: 255, alpha: 1 } })
      .flatten({ background: '#ffffff' })
      .png()
      .toBuffer();
    return `data:image/png;base64,${png.toString('base64')}`;
  } catch {
    return null;
  }
}

/** The card as a 1200×630 PNG. `logo`: a data URI from logoDataUri, or null for the initials. */
export async function drawOgImage(card: OgCard, logo: string | null = null): Promise<Buffer> {
  const svg = await satori(layout(card, card.kind === 'profile' ? logo : null) as unknown as Parameters<typeof satori>[0], {
    width: OG_IMAGE_WIDTH,
    height: OG_IMAGE_HEIGHT,
    fonts: await loadFonts(),
  });
  // A palette PNG: flat colours and text come out a third of the size, with no visible change.
  return sharp(Buffer.from(svg)).png({ palette: true, quality: 90, effort: 4 }).toBuffer();
}
