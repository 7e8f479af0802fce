import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { FieldProblem, fieldProblemProps } from './field-problem';

describe("a field's problem line", () => {
  it('is not there while the field has no problem', () => {
    for (const problem of [undefined, null, false, '']) {
      expect(renderToStaticMarkup(<FieldProblem id="name-problem" problem={problem} />)).toBe('');
    }
  });

  it('says the problem as an alert, under the id the field points at, with its test id', () => {
    const html = renderToStaticMarkup(
      <FieldProblem id="name-problem" problem="أدخل اسمًا." data-testid="workspace-create-problem" />,
    );
    expect(html).toMatch(/^<span id="name-problem" role="alert"/);
    expect(html).toContain('data-testid="workspace-create-problem"');
    expect(html).toContain('<span>أدخل اسمًا.</span>');
    expect(html).toContain('text-red-700');
    // The icon is decoration: the words alone are read out.
    expect(html).toMatch(/<svg[^>]*aria-hidden="true"/);
  });

  it('is a span, so that it may stand inside a label, and set on a line of its own', () => {
    const html = renderToStaticMarkup(
      <label htmlFor="author">
        Author
        <FieldProblem id="author-problem" problem="Needed." />
      </label>,
    );
    expect(html).toContain('<span id="author-problem" role="alert" class="flex w-full');
    expect(html).not.toContain('<p');
    expect(html).not.toContain('<div');
  });

  it('is smaller in the dense editors when told', () => {
    expect(renderToStaticMarkup(<FieldProblem problem="x" />)).toContain('text-sm');
    const small = renderToStaticMarkup(<FieldProblem problem="x" size="xs" />);
    expect(small).toContain('text-xs');
    expect(small).not.toContain('text-sm');
  });
});

describe('what ties a field to its problem', () => {
  it('says nothing while there is no problem, or only the hint', () => {
    expect(fieldProblemProps('p', undefined)).toEqual({ 'aria-invalid': undefined, 'aria-describedby': undefined });
    expect(fieldProblemProps('p', '', 'hint')).toEqual({ 'aria-invalid': undefined, 'aria-describedby': 'hint' });
    // A field with no hint this time.
    expect(fieldProblemProps('p', null, undefined, '')).toEqual({
      'aria-invalid': undefined,
      'aria-describedby': undefined,
    });
  });

  it('marks the field invalid and points at the problem, after the hint', () => {
    expect(fieldProblemProps('p', 'Too long.')).toEqual({ 'aria-invalid': true, 'aria-describedby': 'p' });
    expect(fieldProblemProps('p', { type: 'too_big' }, 'hint')).toEqual({
      'aria-invalid': true,
      'aria-describedby': 'hint p',
    });
  });
});
