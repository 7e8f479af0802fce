import type { voiceCorrectionsRequestSchema, voiceResponseSchema } from '@nashr/contracts';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { aiApi, linkedinApi } from '../../lib/api/catalogue';
import { call } from '../../lib/api/client';
import { useMutation } from '../../lib/api/mutation';

export type VoiceState = z.infer<typeof voiceResponseSchema>['data'];
export type VoiceCorrections = z.infer<typeof voiceCorrectionsRequestSchema>;

const voiceKey = ['ai', 'voice'] as const;

/** `GET /api/v1/ai/voice`: the writer's voice measured from their posts, with their corrections. */
export const voiceQuery = queryOptions({
  queryKey: voiceKey,
  queryFn: async (): Promise<VoiceState> => (await call(aiApi.voice)).data,
  staleTime: 60_000,
  retry: false,
});

export function useVoice(options: { measuring?: boolean } = {}) {
  return useQuery({
    ...voiceQuery,
    // While a new measure is on its way, look again every two seconds.
    refetchInterval: options.measuring ? 2_000 : false,
  });
}

/** `PUT /api/v1/ai/voice`: corrects traits (null gives a trait back to the measure). */
export function useCorrectVoice() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (corrections: VoiceCorrections): Promise<VoiceState> =>
      (await call(aiApi.correctVoice, { body: corrections })).data,
    onSuccess: (state) => client.setQueryData(voiceKey, state),
  });
}

/** `POST /api/v1/linkedin/voice/measure`: reads the published posts again and measures the voice. */
export function useMeasureVoice() {
  return useMutation({
    mutationFn: async () => (await call(linkedinApi.measureVoice)).data,
  });
}
