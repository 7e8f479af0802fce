import { API } from '@nashr/contracts';
import { announceChange, identityOf, route, type ServiceApp } from '@nashr/platform';
import type { FastifyReply } from 'fastify';
import type { PageService } from '../accounts/page-service.js';
import { ORGANIZATION_PREFIX } from '../providers/linkedin/linkedin-requests.js';

/** The answer; a change says so to the gateway (read-your-writes), as a connection does. */
function pagesAnswer(reply: FastifyReply, { changedAt, ...data }: Awaited<ReturnType<PageService['list']>>) {
  if (changedAt !== undefined) announceChange(reply, 'connection', changedAt);
  return { success: true as const, data };
}

/** The company pages a user writes as: listed from the network, added and removed here. */
export function pageRoutes(app: ServiceApp, pages: PageService): void {
  route(app, API.linkedin.listPages, { checkResponses: true }, async (request, reply) =>
    pagesAnswer(reply, await pages.list(identityOf(request).userId, request.id)),
  );

  route(app, API.linkedin.addPage, { checkResponses: true }, async (request, reply) =>
    pagesAnswer(reply, await pages.add(identityOf(request).userId, request.body.organization, request.id)),
  );

  route(app, API.linkedin.removePage, { checkResponses: true }, async (request, reply) => {
    const organization = `${ORGANIZATION_PREFIX}${request.params.organizationId}`;
    return pagesAnswer(reply, await pages.remove(identityOf(request).userId, organization, request.id));
  });
}
