import { ACCOUNT_ERROR_CODES, API } from '@nashr/contracts';
import { AppError, route, type ServiceApp } from '@nashr/platform';
import type { UserStore } from '../users/user-store.js';

/** The admin area finds an account by its e-mail address (then reads its plan and credits from billing and ai). */
export function adminUserRoutes(app: ServiceApp, users: UserStore): void {
  route(app, API.auth.findUser, { checkResponses: true }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const user = await users.findByEmail(request.query.email);
    if (!user) {
      throw new AppError('NOT_FOUND', 'No account has this e-mail address', { code: ACCOUNT_ERROR_CODES.userNotFound });
    }
    return {
      success: true as const,
      data: {
        user: {
          id: user.id,
          email: user.email,
          roles: user.roles.filter((role): role is 'user' | 'admin' => role === 'user' || role === 'admin'),
          createdAt: user.createdAt.toISOString(),
          lastSeenAt: user.lastSeenAt.toISOString(),
        },
      },
    };
  });
}
