import { Check, Copy } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';

/** The words of a secret shown once: its title and explanation, Copy, what Copy says, and Done. */
export interface SecretOnceCopy {
  title: string;
  text: string;
  copy: string;
  copied: string;
  done: string;
}

/**
 * A secret shown this once (an access token, a webhook's signing secret), with Copy. `testId`
 * names the section, and `${testId}-secret` the secret itself.
 */
export function SecretOnce({
  secret,
  copy: words,
  onDone,
  testId,
  secretTestId,
}: {
  secret: string;
  copy: SecretOnceCopy;
  onDone: () => void;
  testId: string;
  secretTestId: string;
}) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(secret);
      setCopied(true);
      toast.success(words.copied);
    } catch {
      // No clipboard (an insecure page, a refused permission): the secret stays selectable.
    }
  };
  return (
    <section
      role="status"
      data-testid={testId}
      className="mt-6 rounded-3xl border border-emerald-200 bg-emerald-50/60 p-5"
    >
      <h2 className="font-semibold text-emerald-900">{words.title}</h2>
      <p className="mt-1 text-sm text-emerald-900/80">{words.text}</p>
      <div className="mt-3 flex flex-col gap-2 sm:flex-row">
        <code
          dir="ltr"
          data-testid={secretTestId}
          className="min-w-0 flex-1 select-all break-all rounded-xl border border-emerald-200 bg-white px-3 py-2 font-mono text-sm text-ink"
        >
          {secret}
        </code>
        <button
          type="button"
          onClick={copy}
          className="inline-flex items-center justify-center gap-2 rounded-xl bg-emerald-700 px-4 py-2 text-sm font-semibold text-white hover:bg-emerald-800"
        >
          {copied ? <Check aria-hidden="true" className="size-4" /> : <Copy aria-hidden="true" className="size-4" />}
          {words.copy}
        </button>
      </div>
      <button
        type="button"
        onClick={onDone}
        className="mt-3 text-sm font-semibold text-emerald-900 underline-offset-4 hover:underline"
      >
        {words.done}
      </button>
    </section>
  );
}
