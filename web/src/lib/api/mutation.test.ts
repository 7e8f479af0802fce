import { describe, expect, it } from 'vitest';
import { InFlight, sameVariables } from './mutation';

/** A promise and the functions that settle it. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('the same call of an action', () => {
  it('is equal variables: JSON-like values member by member, anything else only itself', () => {
    expect(sameVariables(undefined, undefined)).toBe(true);
    expect(sameVariables('https://www.linkedin.com/in/emma', 'https://www.linkedin.com/in/emma')).toBe(true);
    expect(sameVariables({ kind: 'person', id: 'a' }, { id: 'a', kind: 'person' })).toBe(true);
    expect(sameVariables({ ids: ['a', 'b'] }, { ids: ['a', 'b'] })).toBe(true);
    expect(sameVariables({ kind: 'person', id: 'a' }, { kind: 'person', id: 'b' })).toBe(false);
    expect(sameVariables({ ids: ['a'] }, { ids: ['a', 'b'] })).toBe(false);
    expect(sameVariables({ a: undefined }, {})).toBe(false);
    // Two files picked at once are two uploads, though JSON would write both as {}.
    const one = new Blob(['one']);
    const two = new Blob(['two']);
    expect(sameVariables({ file: one }, { file: one })).toBe(true);
    expect(sameVariables({ file: one }, { file: two })).toBe(false);
  });
});

describe('an action double-clicked', () => {
  it('starts once while running, and both clicks get the one outcome', async () => {
    const flight = new InFlight<{ url: string }, string>();
    const answer = deferred<string>();
    let starts = 0;
    const start = () => {
      starts++;
      return answer.promise;
    };
    const first = flight.run({ url: 'emma' }, start);
    const second = flight.run({ url: 'emma' }, start);
    expect([first.started, second.started]).toEqual([true, false]);
    expect(second.promise).toBe(first.promise);
    answer.resolve('followed');
    expect(await Promise.all([first.promise, second.promise])).toEqual(['followed', 'followed']);
    expect(starts).toBe(1);
  });

  it('runs other variables beside it, and the same again once it has ended, failed or not', async () => {
    const flight = new InFlight<string, string>();
    const emma = deferred<string>();
    const omar = deferred<string>();
    expect(flight.run('emma', () => emma.promise).started).toBe(true);
    expect(flight.run('omar', () => omar.promise).started).toBe(true);
    emma.reject(new Error('person_exists'));
    await expect(flight.run('emma', () => emma.promise).promise).rejects.toThrow('person_exists');
    // Settled: a later click is a new call.
    expect(flight.run('emma', async () => 'again').started).toBe(true);
    expect(flight.run('omar', () => omar.promise).started).toBe(false);
    omar.resolve('ok');
    await omar.promise;
    await Promise.resolve();
    expect(flight.run('omar', async () => 'again').started).toBe(true);
  });
});
