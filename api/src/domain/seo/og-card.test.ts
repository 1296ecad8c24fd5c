import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { initialsOf, ogCardVersion, ogImageAlt, profileOgCard, profileOgPath, ratingLine, servicePlaceOgCard, servicePlaceOgPath, type OgCard } from './og-card';
import { drawOgImage } from './og-image';
import { createOgImages } from './og-images';

const profile = profileOgCard({ companyName: 'Acme Web Studio', region: 'Leeds', rating: 4.8, reviewCount: 23, media: { logo: null, photos: [] } });
const place: OgCard = servicePlaceOgCard({ service: 'Web Design', place: { name: 'Leeds', kind: 'city' }, count: 3, averageRating: 4.6, reviewCount: 12 });

describe('the card', () => {
  it('names the version after exactly what is drawn', () => {
    expect(ogCardVersion(profile)).toMatch(/^[0-9a-f]{16}$/);
    expect(ogCardVersion({ ...profile })).toBe(ogCardVersion(profile));
    for (const changed of [{ reviewCount: 24 }, { rating: 4.7 }, { logoKey: 'b'.repeat(24) }, { name: 'Acme Web' }, { place: 'York' }]) {
      expect(ogCardVersion({ ...profile, ...changed }), JSON.stringify(changed)).not.toBe(ogCardVersion(profile));
    }
    expect(ogCardVersion({ ...place, count: 4 } as OgCard)).not.toBe(ogCardVersion(place));
  });

  it('has stable addresses and a sentence for its alt text', () => {
    expect(profileOgPath('acme-web')).toBe('/og/professionals/acme-web.png');
    expect(servicePlaceOgPath('/web-design/leeds')).toBe('/og/web-design/leeds.png');
    expect(ogImageAlt(profile)).toBe('Acme Web Studio, IT services in Leeds on ITConnect: rated 4.8 out of 5 from 23 reviews.');
    expect(ogImageAlt({ ...profile, reviewCount: 0, rating: 0 })).toBe('Acme Web Studio, IT services in Leeds on ITConnect: no reviews yet.');
    expect(ogImageAlt(place)).toBe('Web Design in Leeds: 3 IT professionals on ITConnect, rated 4.6 out of 5 on average from 12 reviews.');
  });

  it('says the rating as the card shows it', () => {
    expect(ratingLine(4.8, 23)).toBe('4.8 ★ from 23 reviews');
    expect(ratingLine(5, 1)).toBe('5.0 ★ from 1 review');
    expect(ratingLine(null, 0)).toBeNull();
    expect(ratingLine(0, 0)).toBeNull();
  });

  it('makes initials from the first two words', () => {
    expect(initialsOf('Acme Web Studio')).toBe('AW');
    expect(initialsOf('  techfix  ')).toBe('T');
    expect(initialsOf('Łódź & (Bytes)')).toBe('ŁB');
  });
});

describe('drawing', () => {
  it('draws a 1200×630 PNG, different for different data', async () => {
    const a = await drawOgImage(profile);
    const b = await drawOgImage({ ...profile, reviewCount: 0, rating: 0 });
    expect(await sharp(a).metadata()).toMatchObject({ format: 'png', width: 1200, height: 630 });
    expect(a.equals(b)).toBe(false);
    expect(await sharp(await drawOgImage(place)).metadata()).toMatchObject({ width: 1200, height: 630 });
  }, 20_000);

  it('draws a logo it can read and falls back to initials for one it cannot', async () => {
    const logo = await sharp({ create: { width: 256, height: 256, channels: 3, background: '#c01050' } }).webp().toBuffer();
    const errors: string[] = [];
    const files: Record<string, Buffer> = { [`${'a'.repeat(24)}-256.webp`]: logo, [`${'c'.repeat(24)}-256.webp`]: Buffer.from('not an image') };
    const images = createOgImages({ storage: { get: async (name) => files[name] ?? null }, onLogoError: (_e, key) => errors.push(key) });
    const initials = (await images.image(profile)).png;
    const withLogo = (await images.image({ ...profile, logoKey: 'a'.repeat(24) })).png;
    const broken = (await images.image({ ...profile, logoKey: 'c'.repeat(24) })).png;
    const missing = (await images.image({ ...profile, logoKey: 'd'.repeat(24) })).png;
    expect(withLogo.equals(initials)).toBe(false);
    expect(broken.equals(initials)).toBe(true);
    expect(missing.equals(initials)).toBe(true);
    expect(errors).toEqual(['c'.repeat(24), 'd'.repeat(24)]);
  }, 20_000);
});

describe('the store', () => {
  it('draws a version once, shares a drawing under way, and refuses past the waiting limit', async () => {
    let drawn = 0;
    const release: (() => void)[] = [];
    const draw = async () => {
      drawn += 1;
      await new Promise<void>((resolve) => release.push(resolve));
      return Buffer.from('png');
    };
    const images = createOgImages({ storage: { get: async () => null }, rendersAtOnce: 1, rendersWaiting: 1, draw });
    const first = images.image(profile);
    const same = images.image({ ...profile });
    const waiting = images.image(place);
    await expect(images.image({ ...profile, reviewCount: 1 })).rejects.toMatchObject({ code: 'unavailable', headers: { 'Retry-After': '5' } });
    expect(images.stats.refused).toBe(1);
    while (release.length > 0 || drawn < 2) {
      release.shift()?.();
      await new Promise((resolve) => setTimeout(resolve, 1));
    }
    await Promise.all([first, same, waiting]);
    expect(drawn).toBe(2);
    await images.image(profile);
    expect(drawn).toBe(2);
  });
});
