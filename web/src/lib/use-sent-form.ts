import { type BaseSyntheticEvent, useState } from 'react';
import type { FieldValues, UseFormHandleSubmit } from 'react-hook-form';
import { errorText } from './error-text';

/**
 * The submit handler of a form whose checked values go to the API in one request. A second submit
 * while the first is on its way is ignored; a refusal is kept in the API's words (`refusal`), for
 * the form to show where it shows its own problems, and cleared by the next submit.
 */
export function useSentForm<Input extends FieldValues, Values, Result>(
  handleSubmit: UseFormHandleSubmit<Input, Values>,
  mutation: { isPending: boolean; mutateAsync: (values: Values) => Promise<Result> },
  onSent: (result: Result) => void,
): { submit: (event?: BaseSyntheticEvent) => Promise<void>; refusal: string | null } {
  const [refusal, setRefusal] = useState<string | null>(null);
  const submit = handleSubmit(async (values) => {
    if (mutation.isPending) return;
    setRefusal(null);
    let result: Result;
    try {
      result = await mutation.mutateAsync(values);
    } catch (error) {
      setRefusal(errorText(error));
      return;
    }
    // Outside the `try`: a fault in what follows a sent form is not the API refusing it.
    onSent(result);
  });
  return { submit, refusal };
}
