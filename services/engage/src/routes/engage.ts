import { API, ENGAGE_LIMITS, ENGAGE_SEARCH_LIMITS, suggestionSourceOf } from '@nashr/contracts';
import { type IdempotentReplies, identityOf, route, type ServiceApp } from '@nashr/platform';
import type { EngageServices } from '../services.js';

export function engageRoutes(
  app: ServiceApp,
  { provider, targets, allowance, feed, sending, byUrl }: EngageServices,
  /** Answers a repeated follow (same Idempotency-Key) with the first answer: a retry follows once. */
  once: IdempotentReplies,
): void {
  const noStore = { 'cache-control': 'no-store' };

  route(app, API.engage.targets, { checkResponses: true }, async (request, reply) => {
    reply.headers(noStore);
    const lists = await targets.list(identityOf(request).userId);
    return { success: true as const, ...lists, limits: { people: ENGAGE_LIMITS.people, topics: ENGAGE_LIMITS.topics } };
  });

  route(app, API.engage.followedPosts, { checkResponses: true }, async (request, reply) => {
    reply.headers(noStore);
    return { success: true as const, ...(await feed.bestFollowed(identityOf(request).userId)) };
  });

  route(app, API.engage.creators, { checkResponses: true }, async (_request, reply) => {
    reply.header('cache-control', 'private, max-age=300');
    return { success: true as const, provider: provider.name, creators: await provider.suggestedCreators() };
  });

  route(app, API.engage.addPerson, { once }, async (request, reply) => {
    const { userId } = identityOf(request);
    const person = await targets.addPerson(userId, request.body.profileUrl);
    await feed.listsChanged(userId, person.id, request.id);
    reply.code(201);
    return { success: true as const, person };
  });

  route(app, API.engage.removePerson, {}, async (request) => {
    const { userId } = identityOf(request);
    await targets.remove(userId, 'person', request.params.id);
    await feed.listsChanged(userId, `${request.params.id}-removed`, request.id);
    return { success: true as const, removed: true };
  });

  route(app, API.engage.addTopic, { once }, async (request, reply) => {
    const { userId } = identityOf(request);
    const topic = await targets.addTopic(userId, request.body.topic);
    await feed.listsChanged(userId, topic.id, request.id);
    reply.code(201);
    return { success: true as const, topic };
  });

  route(app, API.engage.network, { checkResponses: true }, async (request, reply) => {
    reply.headers(noStore);
    return { success: true as const, network: await provider.network(identityOf(request).userId) };
  });

  route(app, API.engage.searchPeople, { checkResponses: true }, async (request, reply) => {
    reply.headers(noStore);
    const people = await provider.searchPeople(
      request.query.q,
      identityOf(request).userId,
      ENGAGE_SEARCH_LIMITS.results,
    );
    return {
      success: true as const,
      people: people.slice(0, ENGAGE_SEARCH_LIMITS.results).map(({ handle, profileUrl, name, headline, language }) => ({
        handle,
        profileUrl,
        name,
        headline,
        language,
      })),
    };
  });

  route(app, API.engage.postByUrl, {}, async (request) => {
    const { lang, ...input } = request.body;
    const post = await byUrl.add(identityOf(request).userId, input, lang);
    return { success: true as const, post };
  });

  route(app, API.engage.removeTopic, {}, async (request) => {
    const { userId } = identityOf(request);
    await targets.remove(userId, 'topic', request.params.id);
    await feed.listsChanged(userId, `${request.params.id}-removed`, request.id);
    return { success: true as const, removed: true };
  });

  route(app, API.engage.feed, { checkResponses: true }, async (request, reply) => {
    reply.headers(noStore);
    return { success: true as const, ...(await feed.read(identityOf(request).userId, request.query.lang)) };
  });

  route(app, API.engage.suggest, {}, async (request, reply) => {
    const { userId } = identityOf(request);
    const row = await feed.others(userId, request.params.postId, request.body.lang, request.id);
    if (!row) {
      reply.code(202);
      return { success: true as const, pending: true as const };
    }
    return {
      success: true as const,
      suggestions: {
        language: row.language === 'en' ? ('en' as const) : ('ar' as const),
        source: suggestionSourceOf(row.source),
        items: row.items,
      },
    };
  });

  route(app, API.engage.send, {}, async (request) => {
    const comment = await sending.send(identityOf(request).userId, request.body, request.log);
    return { success: true as const, comment };
  });

  route(app, API.engage.history, { checkResponses: true }, async (request, reply) => {
    reply.headers(noStore);
    return { success: true as const, comments: await sending.history(identityOf(request).userId) };
  });

  route(app, API.engage.allowance, { checkResponses: true }, async (request, reply) => {
    reply.headers(noStore);
    return { success: true as const, allowance: await allowance.view(identityOf(request).userId) };
  });
}
