import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Button, buttonClass } from './button';

describe('the button of the app', () => {
  it('does not send a form unless it is told to', () => {
    expect(renderToStaticMarkup(<Button>Save</Button>)).toContain('type="button"');
    expect(renderToStaticMarkup(<Button type="submit">Save</Button>)).toContain('type="submit"');
  });

  it('is the usual brand button when nothing is said', () => {
    expect(buttonClass()).toBe(buttonClass({ variant: 'primary', size: 'md' }));
    expect(buttonClass()).toContain('bg-brand-600');
    expect(buttonClass()).toContain('px-4 py-2 text-sm');
  });

  it('changes its look with its variant and its size', () => {
    const secondary = buttonClass({ variant: 'secondary' });
    expect(secondary).toContain('border-slate-300');
    expect(secondary).not.toContain('bg-brand-600');
    expect(buttonClass({ variant: 'danger' })).toContain('bg-red-600');
    expect(buttonClass({ size: 'sm' })).toContain('px-3 py-1.5');
  });

  it('keeps what it is given: layout classes, a test id, its label and its state', () => {
    const html = renderToStaticMarkup(
      <Button variant="ghost" className="ms-auto" data-testid="go" aria-label="Go" disabled>
        Go
      </Button>,
    );
    expect(html).toContain('ms-auto');
    expect(html).toContain('hover:bg-slate-100');
    expect(html).toContain('data-testid="go"');
    expect(html).toContain('aria-label="Go"');
    expect(html).toContain('disabled=""');
  });
});
