import { useQuery, useQueryClient } from '@tanstack/react-query';
import { aiApi, authApi, billingApi } from '../../lib/api/catalogue';
import { call } from '../../lib/api/client';
import { useMutation } from '../../lib/api/mutation';

const userKey = (email: string) => ['admin', 'user', email] as const;
const planKey = (userId: string) => ['admin', 'user-plan', userId] as const;
const creditsKey = (userId: string) => ['admin', 'user-credits', userId] as const;

/** The account of an e-mail address (admin only); idle until an address is given. */
export function useAdminUser(email: string | null) {
  return useQuery({
    queryKey: userKey(email ?? ''),
    queryFn: async () => (await call(authApi.findUser, { query: { email: email ?? '' } })).data.user,
    enabled: Boolean(email),
    retry: false,
  });
}

/** A user's plan, its status and period, as billing keeps them. */
export function useAdminUserPlan(userId: string | undefined) {
  return useQuery({
    queryKey: planKey(userId ?? ''),
    queryFn: async () => (await call(billingApi.userEntitlement, { params: { userId: userId ?? '' } })).entitlement,
    enabled: Boolean(userId),
    retry: false,
  });
}

/** A user's AI credits, as the ai service keeps them. */
export function useAdminUserCredits(userId: string | undefined) {
  return useQuery({
    queryKey: creditsKey(userId ?? ''),
    queryFn: async () => (await call(aiApi.userCredits, { params: { userId: userId ?? '' } })).data,
    enabled: Boolean(userId),
    retry: false,
  });
}

/** Adds AI credits to a user's current period; the balance shown is the one the server answers. */
export function useGrantCredits(userId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (amount: number) =>
      (await call(aiApi.grantCredits, { params: { userId }, body: { amount } })).data,
    onSuccess: (data) => client.setQueryData(creditsKey(userId), data),
  });
}
