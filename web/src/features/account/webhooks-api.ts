import type { CreateWebhookRequest, WebhookDelivery, WebhookEndpoint } from '@nashr/contracts';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { webhooksApi } from '../../lib/api/catalogue';
import { call } from '../../lib/api/client';
import { useMutation } from '../../lib/api/mutation';

const WEBHOOKS_KEY = ['auth', 'webhooks'] as const;
const deliveriesKey = (id: string) => ['auth', 'webhooks', id, 'deliveries'] as const;

/** A delivery still on its way: the log is read again until none is. */
const unsettled = (deliveries: WebhookDelivery[] | undefined) =>
  deliveries?.some((d) => d.status === 'pending' || d.status === 'retrying') ?? false;

/** `GET /api/v1/webhooks`: the user's endpoints, newest first (never their secrets). */
export const webhooksQuery = queryOptions({
  queryKey: WEBHOOKS_KEY,
  queryFn: async (): Promise<WebhookEndpoint[]> => (await call(webhooksApi.list)).data.endpoints,
});

export function useWebhooks() {
  return useQuery(webhooksQuery);
}

/** `POST /api/v1/webhooks`: answers the signing secret, shown this once. */
export function useCreateWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (request: CreateWebhookRequest) => (await call(webhooksApi.create, { body: request })).data,
    onSuccess: ({ endpoint }) =>
      queryClient.setQueryData<WebhookEndpoint[]>(WEBHOOKS_KEY, (list) => [endpoint, ...(list ?? [])]),
  });
}

/** `DELETE /api/v1/webhooks/{id}`: nothing more is sent to it. */
export function useRemoveWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (endpoint: WebhookEndpoint) => call(webhooksApi.remove, { params: { id: endpoint.id } }),
    onSuccess: (_answer, endpoint) =>
      queryClient.setQueryData<WebhookEndpoint[]>(WEBHOOKS_KEY, (list) => list?.filter((e) => e.id !== endpoint.id)),
    onError: () => queryClient.invalidateQueries({ queryKey: WEBHOOKS_KEY }),
  });
}

/** `GET /api/v1/webhooks/{id}/deliveries`: read again every few seconds while a delivery is on its way. */
export function useWebhookDeliveries(id: string) {
  return useQuery({
    queryKey: deliveriesKey(id),
    queryFn: async (): Promise<WebhookDelivery[]> =>
      (await call(webhooksApi.deliveries, { params: { id } })).data.deliveries,
    refetchInterval: (query) => (unsettled(query.state.data) ? 2_000 : false),
  });
}

/** `POST /api/v1/webhooks/{id}/test` and `.../deliveries/{deliveryId}/redeliver`: the log shows the new entry. */
export function useSendWebhook(id: string) {
  const queryClient = useQueryClient();
  const queued = (delivery: WebhookDelivery) =>
    queryClient.setQueryData<WebhookDelivery[]>(deliveriesKey(id), (list) => [delivery, ...(list ?? [])]);
  const test = useMutation({
    mutationFn: async () => (await call(webhooksApi.sendTest, { params: { id } })).data.delivery,
    onSuccess: queued,
  });
  const redeliver = useMutation({
    mutationFn: async (deliveryId: string) =>
      (await call(webhooksApi.redeliver, { params: { id, deliveryId } })).data.delivery,
    onSuccess: queued,
  });
  return { test, redeliver };
}
