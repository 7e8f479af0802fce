import type {
  ChoicesResponse,
  ComposerChoices,
  ComposerChoicesOverride,
  CreditsResponse,
  Draft,
  Locale,
  ModifyAction,
  PostStructureTrait,
  streamMetaSchema,
} from '@nashr/contracts';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { z } from 'zod';
import { workspaceHeaders } from '../../session/current-workspace';
import { aiApi, type LazyContracts, lazyContracts } from './catalogue';
import { ApiError, call, endpointOf, errorFromAnswer } from './client';
import { useMutation } from './mutation';

// ── Credits and composer choices ─────────────────────────────────────────────────────────────

export type Credits = CreditsResponse['data'];

export const creditsQuery = queryOptions({
  queryKey: ['ai', 'credits'] as const,
  queryFn: async (): Promise<Credits> => {
    return (await call(aiApi.credits)).data;
  },
  staleTime: 30_000,
  retry: false,
});

/** `GET /api/v1/ai/credits`: the balance of the sidebar's notice. */
export function useCredits() {
  return useQuery(creditsQuery);
}

export type ChoicesState = ChoicesResponse['data'];

const choicesKey = ['ai', 'choices'] as const;

/** `GET /api/v1/ai/choices`: what the next generation uses when the composer sends no choices. */
export const composerChoicesQuery = queryOptions({
  queryKey: choicesKey,
  queryFn: async (): Promise<ChoicesState> => {
    return (await call(aiApi.choices)).data;
  },
  staleTime: 60_000,
  retry: false,
});

export function useComposerChoices() {
  return useQuery(composerChoicesQuery);
}

/** `PUT /api/v1/ai/choices`: the Personalize popup's 'Save Changes', kept for this user. */
export function useSaveComposerChoices() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (choices: ComposerChoices): Promise<ChoicesState> => {
      return (await call(aiApi.saveChoices, { body: choices })).data;
    },
    onSuccess: (state) => client.setQueryData(choicesKey, state),
  });
}

// ── Server-sent events ───────────────────────────────────────────────────────────────────────

export interface ServerSentEvent {
  event: string;
  data: string;
}

/**
 * An incremental reader of the `text/event-stream` format: feed it chunks as they arrive (they
 * may cut lines and events anywhere) and it calls `onEvent` once per complete event. Comment
 * lines (`: ping`) are skipped; several `data:` lines of one event are joined with newlines.
 */
export function createEventParser(onEvent: (event: ServerSentEvent) => void) {
  let buffer = '';
  let eventName = '';
  let data: string[] = [];

  const dispatch = () => {
    if (data.length > 0) onEvent({ event: eventName || 'message', data: data.join('\n') });
    eventName = '';
    data = [];
  };

  const readLine = (line: string) => {
    if (line === '') return dispatch();
    if (line.startsWith(':')) return;
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'event') eventName = value;
    else if (field === 'data') data.push(value);
  };

  return {
    push(chunk: string) {
      buffer += chunk;
      // A lone '\r' at the very end may be the first half of '\r\n': wait for the next chunk.
      const lines = buffer.split(/\r\n|\r(?!$)|\n/);
      buffer = lines.pop() ?? '';
      for (const line of lines) readLine(line);
    },
    /** The stream ended: an event without its closing blank line still counts. */
    end() {
      if (buffer) readLine(buffer.replace(/\r$/, ''));
      buffer = '';
      dispatch();
    },
  };
}

// ── Streamed drafts ──────────────────────────────────────────────────────────────────────────

export type DraftRequest =
  | { kind: 'generate'; topic: string; structure?: PostStructureTrait[] }
  | { kind: 'rewrite'; text: string }
  | { kind: 'modify'; text: string; action: ModifyAction };

export type StreamMeta = z.infer<typeof streamMetaSchema>;

/**
 * Why a draft did not arrive. `server`: the service answered a refusal (its message is kept);
 * `timeout`: nothing arrived for too long; `network`: the connection failed or broke off;
 * `aborted`: the composer closed or a newer request replaced this one (show nothing).
 */
export type DraftFailure = 'server' | 'timeout' | 'network' | 'aborted';

/** A draft that could not be written: why (`reason`), and for a server's refusal its code and values. */
export class DraftError extends ApiError {
  constructor(
    message: string,
    readonly reason: DraftFailure,
    status = 0,
    code?: string,
    params?: Record<string, string | number>,
  ) {
    super(message, status, [], code, params);
    this.name = 'DraftError';
  }

  /** The DraftError of an error answer (or of an `error` event): its code and values kept. */
  static fromAnswer(status: number, body: unknown): DraftError {
    const answer = errorFromAnswer(status, body, 'The draft could not be written');
    return new DraftError(answer.message, 'server', status, answer.code, answer.params);
  }
}

export interface StreamOptions {
  choices?: ComposerChoicesOverride;
  lang?: Locale;
  signal?: AbortSignal;
  onMeta?: (meta: StreamMeta) => void;
  onToken?: (text: string) => void;
  /**
   * Longest silence accepted. The service sends a comment every 10 s while it waits for the model,
   * so silence well beyond that means the connection is gone.
   */
  idleTimeoutMs?: number;
  /** Hard cap for the whole answer: the service gives up on the model (with retries) before this. */
  totalTimeoutMs?: number;
}

const IDLE_TIMEOUT_MS = 35_000;
const TOTAL_TIMEOUT_MS = 150_000;

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/**
 * `POST /api/v1/ai/{generate|rewrite|modify}` as server-sent events: `meta`, `token`..., then
 * `done` (the final draft) or `error`. Resolves with the draft; rejects with a DraftError. Never
 * hangs: silence and overall time are bounded, and the request is cancelled with `signal`.
 */
export async function streamDraft(request: DraftRequest, options: StreamOptions = {}): Promise<Draft> {
  const { kind, ...payload } = request;
  const controller = new AbortController();
  let timedOut = false;
  const stop = () => controller.abort();
  options.signal?.addEventListener('abort', stop, { once: true });
  if (options.signal?.aborted) controller.abort();

  let idleTimer: ReturnType<typeof setTimeout> | undefined;
  const armIdle = () => {
    clearTimeout(idleTimer);
    idleTimer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, options.idleTimeoutMs ?? IDLE_TIMEOUT_MS);
  };
  const totalTimer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, options.totalTimeoutMs ?? TOTAL_TIMEOUT_MS);

  const interrupted = (error: unknown): DraftError => {
    if (error instanceof DraftError) return error;
    if (timedOut) return new DraftError('The AI took too long to answer', 'timeout');
    if (controller.signal.aborted) return new DraftError('Cancelled', 'aborted');
    return new DraftError('The connection to the server broke off', 'network');
  };

  let contracts: LazyContracts;
  try {
    armIdle();
    let response: Response;
    try {
      // Streamed, so read here rather than through `call`; the path is the catalogue's.
      // The stream's schemas come with the catalogue (none of them is built as a screen starts).
      contracts = await lazyContracts();
      response = await fetch((await endpointOf(aiApi[kind])).path, {
        method: 'POST',
        credentials: 'include',
        headers: { 'content-type': 'application/json', accept: 'text/event-stream', ...workspaceHeaders() },
        body: JSON.stringify({ ...payload, choices: options.choices, lang: options.lang }),
        signal: controller.signal,
      });
    } catch (error) {
      throw interrupted(error);
    }

    if (!response.ok) throw DraftError.fromAnswer(response.status, await response.json().catch(() => null));

    // A proxy that ignores `Accept` may still answer the plain JSON form.
    if (!(response.headers.get('content-type') ?? '').includes('text/event-stream')) {
      const parsed = contracts.draftResponseSchema.safeParse(await response.json().catch(() => null));
      if (!parsed.success) throw new DraftError('The server answered in an unexpected shape', 'server', 502);
      options.onToken?.(parsed.data.data.text);
      return parsed.data.data;
    }

    // Assigned inside the parser's callback, which TypeScript's narrowing cannot see.
    let result = null as Draft | null;
    let failure = null as DraftError | null;
    const parser = createEventParser(({ event, data }) => {
      if (result || failure) return;
      const body = parseJson(data);
      if (event === contracts.STREAM_EVENTS.meta) {
        const meta = contracts.streamMetaSchema.safeParse(body);
        if (meta.success) options.onMeta?.(meta.data);
      } else if (event === contracts.STREAM_EVENTS.token) {
        const token = contracts.streamTokenSchema.safeParse(body);
        if (token.success) options.onToken?.(token.data.text);
      } else if (event === contracts.STREAM_EVENTS.done) {
        const done = contracts.draftResponseSchema.safeParse(body);
        if (done.success) result = done.data.data;
        else failure = new DraftError('The server answered in an unexpected shape', 'server', 502);
      } else if (event === contracts.STREAM_EVENTS.error) {
        const error = contracts.streamErrorSchema.safeParse(body);
        failure = DraftError.fromAnswer(502, error.success ? error.data : null);
      }
    });

    const reader = response.body?.getReader();
    if (!reader) throw new DraftError('The server answered without a body', 'network');
    const decoder = new TextDecoder();
    try {
      while (!result && !failure) {
        const { done, value } = await reader.read();
        if (done) break;
        armIdle();
        parser.push(decoder.decode(value, { stream: true }));
      }
      if (!result && !failure) parser.end();
    } catch (error) {
      throw interrupted(error);
    } finally {
      // Ends the request at once when the answer is in, failed, or this side gave up.
      reader.cancel().catch(() => {});
    }
    if (failure) throw failure;
    if (!result) throw new DraftError('The answer stopped before the draft was complete', 'network');
    return result;
  } finally {
    clearTimeout(idleTimer);
    clearTimeout(totalTimer);
    options.signal?.removeEventListener('abort', stop);
  }
}

export interface DraftStreamState {
  busy: boolean;
  /** What the current request is doing (the button that shows 'Generating...'). */
  request: DraftRequest | null;
  /** Text received so far from the current request. */
  text: string;
  meta: StreamMeta | null;
}

const IDLE: DraftStreamState = { busy: false, request: null, text: '', meta: null };

/**
 * One streamed request at a time for a composer. A new request cancels the previous one, and
 * leaving the composer (unmount) cancels whatever is running, which the service refunds.
 * The credits shown elsewhere follow: the balance is updated as soon as the service has charged.
 */
export function useDraftStream() {
  const client = useQueryClient();
  const controllerRef = useRef<AbortController | null>(null);
  const [state, setState] = useState<DraftStreamState>(IDLE);

  useEffect(() => () => controllerRef.current?.abort(), []);

  const run = useCallback(
    async (request: DraftRequest, options: Pick<StreamOptions, 'choices' | 'lang'> = {}): Promise<Draft> => {
      controllerRef.current?.abort();
      const controller = new AbortController();
      controllerRef.current = controller;
      setState({ busy: true, request, text: '', meta: null });
      const mine = () => controllerRef.current === controller;
      try {
        return await streamDraft(request, {
          ...options,
          signal: controller.signal,
          onMeta: (meta) => {
            if (!mine()) return;
            setState((current) => ({ ...current, meta }));
            // A draft on the standard model is one of the day's free ones: the count goes down with it.
            client.setQueryData(creditsQuery.queryKey, (credits) =>
              credits
                ? {
                    ...credits,
                    remaining: meta.credits.remaining,
                    freeToday: meta.credits.premium
                      ? credits.freeToday
                      : { ...credits.freeToday, remaining: Math.max(0, credits.freeToday.remaining - 1) },
                  }
                : credits,
            );
          },
          onToken: (text) => {
            if (mine()) setState((current) => ({ ...current, text: current.text + text }));
          },
        });
      } finally {
        if (mine()) {
          controllerRef.current = null;
          setState(IDLE);
        }
        // A failed generation is refunded: read the balance again either way.
        void client.invalidateQueries({ queryKey: creditsQuery.queryKey });
      }
    },
    [client],
  );

  const cancel = useCallback(() => controllerRef.current?.abort(), []);

  return { ...state, run, cancel };
}
