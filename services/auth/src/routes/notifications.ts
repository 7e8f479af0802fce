import { API } from '@nashr/contracts';
import { AppError, identityOf, parseOrThrow, route, type ServiceApp } from '@nashr/platform';
import type { NotificationStore } from '../notifications/notification-store.js';

/**
 * The bell (list, unread count, mark read), the preferences, and unsubscribing from the link in
 * an e-mail (no sign-in: the link's token says whose it is).
 */
export function notificationRoutes(app: ServiceApp, store: NotificationStore): void {
  route(app, API.notifications.list, { checkResponses: true }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return { success: true as const, data: await store.list(identityOf(request).userId) };
  });

  route(app, API.notifications.markRead, { checkResponses: true }, async (request) => {
    const body = request.body;
    const marked = await store.markRead(identityOf(request).userId, 'all' in body ? 'all' : body.ids);
    return {
      success: true as const,
      message: marked === 1 ? '1 notification marked read' : `${marked} notifications marked read`,
    };
  });

  route(app, API.notifications.preferences, { checkResponses: true }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return { success: true as const, data: await store.preferences(identityOf(request).userId) };
  });

  route(app, API.notifications.savePreferences, { checkResponses: true }, async (request) => ({
    success: true as const,
    data: await store.updatePreferences(identityOf(request).userId, request.body),
  }));

  // Mail clients' one-click unsubscribe (RFC 8058) posts a form with the token in the query, as
  // application/x-www-form-urlencoded or multipart/form-data (the RFC allows either); the web page
  // posts JSON. All are accepted; the form's only field carries nothing we need.
  app.register(async (scope) => {
    for (const type of ['application/x-www-form-urlencoded', 'multipart/form-data']) {
      scope.addContentTypeParser(type, { parseAs: 'string' }, (_request, _body, done) => done(null, {}));
    }
    route(
      scope,
      API.notifications.unsubscribe,
      // The token may come in the query (one-click) or the body (the web page): checked merged.
      { bodyCheck: 'handler', checkResponses: true },
      async (request) => {
        const { token, kind } = parseOrThrow(API.notifications.unsubscribe.body, {
          ...(request.query as object),
          ...(typeof request.body === 'object' ? request.body : {}),
        });
        if (!(await store.unsubscribe(token, kind))) {
          throw new AppError('NOT_FOUND', 'This unsubscribe link is not valid any more.', {
            code: 'notifications.unsubscribe_invalid',
          });
        }
        request.log.info({ kind }, 'unsubscribed from notification e-mails');
        return { success: true as const, message: 'You will no longer receive these e-mails.' };
      },
    );
  });
}
