import { QUEUE_HANDLERS as aiQueues } from '@nashr/ai';
import { QUEUE_HANDLERS as authQueues } from '@nashr/auth';
import { QUEUE_HANDLERS as billingQueues } from '@nashr/billing';
import { QUEUE_HANDLERS as contentQueues } from '@nashr/content';
import type { EventContract, JobContract, QueueName } from '@nashr/contracts';
import * as contracts from '@nashr/contracts';
import { QUEUE_HANDLERS as engageQueues } from '@nashr/engage';
import { QUEUE_HANDLERS as linkedinQueues } from '@nashr/linkedin';
import { QUEUE_HANDLERS as postsQueues } from '@nashr/posts';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';

/** What a service's jobs/index.ts exports: for each queue it consumes, the builder of its handler list. */
type HandlerBuilders = Record<string, (...deps: never[]) => ReadonlyArray<{ contract: { name: string } }>>;

const SERVICES: Record<string, HandlerBuilders> = {
  ai: aiQueues,
  auth: authQueues,
  billing: billingQueues,
  content: contentQueues,
  engage: engageQueues,
  linkedin: linkedinQueues,
  posts: postsQueues,
};

/**
 * Stands in for every dependency of a handler builder: builders only wire handlers (the stores and
 * queues are used when a job runs), so any property, call or `new` on it gives it back.
 */
const placeholder: unknown = new Proxy(() => {}, {
  get: (_target, key) => (key === 'then' ? undefined : placeholder),
  apply: () => placeholder,
  construct: () => placeholder as object,
});

/** The job and event names each consumed queue has a handler for, built from the services' own builders. */
function handledByQueue(services: Record<string, HandlerBuilders>): Map<string, { service: string; names: string[] }> {
  const handled = new Map<string, { service: string; names: string[] }>();
  for (const [service, builders] of Object.entries(services)) {
    for (const [queue, build] of Object.entries(builders)) {
      const other = handled.get(queue);
      if (other) throw new Error(`queue ${queue} is consumed by both ${other.service} and ${service}`);
      const deps = Array.from({ length: Math.max(build.length, 1) }, () => placeholder as never);
      handled.set(queue, { service, names: build(...deps).map((handler) => handler.contract.name) });
    }
  }
  return handled;
}

const isEvent = (value: unknown): value is EventContract =>
  typeof value === 'object' && value !== null && 'subscribers' in value && 'schema' in value && 'name' in value;
const isJob = (value: unknown): value is JobContract =>
  typeof value === 'object' && value !== null && 'queue' in value && 'schema' in value && 'name' in value;

/** Every place a declared message would land on a queue with nobody to handle it. */
function unhandled(messages: unknown[], handled: Map<string, { names: string[] }>): string[] {
  return messages.flatMap((message) => {
    const queues: readonly string[] = isEvent(message) ? message.subscribers : isJob(message) ? [message.queue] : [];
    const name = (message as { name: string }).name;
    return queues.filter((queue) => !handled.get(queue)?.names.includes(name)).map((queue) => `${name} → ${queue}`);
  });
}

const declared = Object.values(contracts).filter((value) => isEvent(value) || isJob(value));
const handled = handledByQueue(SERVICES);

describe('queues and their handlers', () => {
  it('finds the declared events and jobs in contracts', () => {
    const names = declared.map((message) => (message as { name: string }).name);
    expect(names).toEqual(expect.arrayContaining(['user-deleted', 'post-published', 'publish-post', 'post-due']));
  });

  it('has one consuming service for every declared queue', () => {
    const queues: QueueName[] = Object.values(contracts.QUEUES);
    expect([...handled.keys()].sort()).toEqual([...queues].sort());
  });

  it('handles every event on each of its subscriber queues, and every job on its queue', () => {
    expect(unhandled(declared, handled)).toEqual([]);
  });

  it('handles on each queue only what is sent to it', () => {
    const byName = new Map(declared.map((message) => [(message as { name: string }).name, message]));
    const strays = [...handled].flatMap(([queue, { names }]) =>
      names.filter((name) => {
        const message = byName.get(name);
        // A service's own job (the ai credits reset) is declared beside its handler, not in contracts.
        if (!message) return false;
        return isEvent(message)
          ? !message.subscribers.includes(queue as QueueName)
          : (message as JobContract).queue !== queue;
      }),
    );
    expect(strays).toEqual([]);
  });

  it('reports an event whose subscriber queue has no handler for it', () => {
    const orphan = contracts.defineEvent('never-handled', z.object({}), [
      contracts.QUEUES.postsInbox,
      contracts.QUEUES.aiInbox,
    ]);
    expect(unhandled([orphan], handled)).toEqual(['never-handled → posts-inbox', 'never-handled → ai-inbox']);
  });
});
