import {
  ALLOWED_IMAGE_TYPES,
  contentBlockSchemas,
  type FeatureBlock,
  featureBlockSchema,
  heroBlockSchema,
  MAX_BLOCK_BYTES,
  MAX_IMAGE_BYTES,
  type TestimonialsBlock,
} from '@nashr/contracts';
import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { checkBlock, maxItems, maxLength } from './block-rules';
import { refuseBeforeReading } from './image-file';

/** Echoes the key and its options, so a test sees which message was chosen and with what. */
const t = ((key: string, options?: Record<string, unknown>) =>
  options ? `${key} ${JSON.stringify(options)}` : key) as unknown as TFunction<'admin'>;

const feature: FeatureBlock = {
  heading: { badge: 'FEATURES', title: 'Title' },
  feature: {
    icon: 'sparkles',
    title: 'Main',
    description: '',
    buttonText: '',
    demoText: '',
    stats: { count: '1M+', text: 'posts' },
    image: '',
    peopleBadge: '',
  },
  additionalFeatures: [],
};

describe('limits read from the contracts', () => {
  it('finds the maximum length and list size the service enforces', () => {
    const max = maxLength(heroBlockSchema.shape.headline);
    expect(max).toBeGreaterThan(0);
    expect(heroBlockSchema.safeParse({ headline: 'x'.repeat(max ?? 0), subheadline: '' }).success).toBe(true);
    expect(heroBlockSchema.safeParse({ headline: 'x'.repeat((max ?? 0) + 1), subheadline: '' }).success).toBe(false);

    const list = featureBlockSchema.shape.additionalFeatures;
    const items = maxItems(list);
    const one = { icon: 'sparkles', title: 'A', description: '', image: '' } as const;
    expect(list.safeParse(Array(items).fill(one)).success).toBe(true);
    expect(list.safeParse(Array(items + 1).fill(one)).success).toBe(false);
  });
});

describe('checkBlock', () => {
  it('accepts exactly what the service schema accepts', () => {
    expect(contentBlockSchemas.feature.safeParse(feature).success).toBe(true);
    expect(checkBlock('feature', feature, t).size).toBe(0);
  });

  it('names each bad field by the dotted path the service uses, with a message per kind of problem', () => {
    const title = maxLength(featureBlockSchema.shape.feature.shape.title) ?? 0;
    const draft = {
      ...feature,
      feature: { ...feature.feature, title: 'x'.repeat(title + 1), image: 'data:text/plain;base64,aGk=' },
      additionalFeatures: [{ icon: 'sparkles', title: '   ', description: '', image: '' }],
    } satisfies FeatureBlock;
    const issues = checkBlock('feature', draft, t);
    expect(issues.get('feature.title')).toBe(`validation.tooLong ${JSON.stringify({ count: title })}`);
    expect(issues.get('feature.image')).toBe('validation.image');
    expect(issues.get('additionalFeatures.0.title')).toBe('validation.required');
    expect(issues.size).toBe(3);
  });

  it('explains a badge colour and a too long list in words of their own', () => {
    const testimonial = { name: 'N', badges: [{ text: 'B', background: '#abc' }], description: '', image: '' };
    const heading = { badge: '', title: 'T' };
    const badColour: TestimonialsBlock = {
      heading,
      testimonials: [{ ...testimonial, badges: [{ text: 'B', background: 'red' }] }],
    };
    expect(checkBlock('testimonials', badColour, t).get('testimonials.0.badges.0.background')).toBe('validation.color');

    const max = maxItems(contentBlockSchemas.testimonials.shape.testimonials);
    const tooMany: TestimonialsBlock = { heading, testimonials: Array(max + 1).fill(testimonial) };
    expect(checkBlock('testimonials', tooMany, t).get('testimonials')).toBe(
      `validation.tooMany ${JSON.stringify({ count: max })}`,
    );
  });

  it('refuses a block larger than the service accepts, though each image is small enough', () => {
    // A PNG signature and padding: a valid image value just under the per-image limit.
    const bytes = new Uint8Array(MAX_IMAGE_BYTES - 1024);
    bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const image = `data:image/png;base64,${Buffer.from(bytes).toString('base64')}`;
    const count = Math.ceil(MAX_BLOCK_BYTES / image.length) + 1;
    const item = { icon: 'sparkles', title: 'A', description: '', image } as const;
    const big: FeatureBlock = { ...feature, additionalFeatures: Array(count).fill(item) };
    expect(count).toBeLessThanOrEqual(maxItems(featureBlockSchema.shape.additionalFeatures));
    expect(contentBlockSchemas.feature.safeParse(big).success).toBe(true);
    expect(checkBlock('feature', big, t).get('')).toBe('editor.tooLarge');
    const small: FeatureBlock = { ...feature, additionalFeatures: [item] };
    expect(checkBlock('feature', small, t).size).toBe(0);
  });
});

describe('refuseBeforeReading', () => {
  it('lets through only the allowed types up to the size limit', () => {
    for (const type of ALLOWED_IMAGE_TYPES) expect(refuseBeforeReading({ type, size: MAX_IMAGE_BYTES })).toBeNull();
    expect(refuseBeforeReading({ type: 'image/svg+xml', size: 10 })).toEqual({ reason: 'wrongType' });
    expect(refuseBeforeReading({ type: 'text/plain', size: 10 })).toEqual({ reason: 'wrongType' });
    expect(refuseBeforeReading({ type: 'image/png', size: MAX_IMAGE_BYTES + 1 })).toEqual({
      reason: 'tooLarge',
      size: MAX_IMAGE_BYTES + 1,
    });
  });
});

describe('the text rule in the editors', () => {
  it('refuses a direction override before sending, with the words of the errors namespace', () => {
    const issues = checkBlock('hero', { headline: 'invoice\u202Egpj.exe', subheadline: '' }, t);
    expect(issues.get('headline')).toMatch(/text\.bidi_override/);
    expect(checkBlock('hero', { headline: '\u2066ملف.pdf\u2069 \u200F', subheadline: '' }, t).size).toBe(0);
  });
});
