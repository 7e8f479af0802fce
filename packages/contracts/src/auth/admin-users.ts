import { z } from 'zod';
import { roleSchema } from '../identity.js';

/** `GET /api/v1/auth/admin/users?email=`: the admin area finds an account by its address. */
export const adminUserQuerySchema = z.object({
  email: z
    .string('Type the e-mail address of the account')
    .trim()
    .toLowerCase()
    .max(254, 'Type a valid e-mail address')
    .email('Type a valid e-mail address'),
});

export const adminUserSchema = z.object({
  id: z.string().uuid(),
  email: z.string(),
  roles: z.array(roleSchema),
  createdAt: z.string().datetime(),
  lastSeenAt: z.string().datetime(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;
export const adminUserResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({ user: adminUserSchema }),
});
