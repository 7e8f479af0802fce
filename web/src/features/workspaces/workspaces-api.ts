import { useQueryClient } from '@tanstack/react-query';
import { workspacesApi } from '../../lib/api/catalogue';
import { call } from '../../lib/api/client';
import { useMutation } from '../../lib/api/mutation';

/** Joins the workspace an e-mail invitation names, with the token of its link. */
export function useAcceptInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (token: string) => (await call(workspacesApi.acceptInvitation, { body: { token } })).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['workspaces'] }),
  });
}
