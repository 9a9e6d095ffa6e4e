import { useEffect, useRef } from 'react';
import {
  type FieldValues,
  type Resolver,
  type UseFormProps,
  type UseFormReturn,
  useForm,
} from 'react-hook-form';
import type { z } from 'zod';
import { translateMessage } from '../i18n/i18n';
import { contractsResolver } from './zod-resolver';

/**
 * A field that shows an error is checked again as soon as it changes, whatever the form's mode
 * (wizards check a step with `trigger()`, not a submit, so "Field is required"
 * stayed under a Select, a date or a filled text until the next step was tried).
 */
function useRecheckShownErrors<T extends FieldValues>(form: UseFormReturn<T, unknown, unknown>): void {
  useEffect(() => {
    const subscription = form.watch((_values, { name, type }) => {
      if (type === 'change' && name && form.getFieldState(name).error) void form.trigger(name);
    });
    return () => subscription.unsubscribe();
  }, [form]);
}

/**
 * react-hook-form bound to a contracts zod schema (STYLE "Forms"): the message a user sees is the
 * same key the server returns, translated with the same parameters ({@link contractsResolver}).
 * Fields are checked on submit, then again as they change (checking on blur made the submit button
 * jump away from the pointer); a field showing an error is re-checked as it changes.
 */
export function useZodForm<S extends z.ZodType<FieldValues, FieldValues>>(
  schema: S,
  options: Omit<UseFormProps<z.input<S>, unknown, z.output<S>>, 'resolver'> = {},
): UseFormReturn<z.input<S>, unknown, z.output<S>> {
  const form = useForm<z.input<S>, unknown, z.output<S>>({
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    ...options,
    resolver: contractsResolver(schema) as never,
  });
  useRecheckShownErrors(form);
  return form;
}

/**
 * Like {@link useZodForm}, but the schema (and zod with it) is loaded on the first validation, so
 * screens on the bundle budget (login) do not download zod before the user types.
 * `load` is e.g. `() => import('@lm/contracts/auth').then((m) => m.loginSchema)`.
 */
export function useLazyZodForm<S extends z.ZodType<FieldValues, FieldValues>>(
  load: () => Promise<S>,
  options: Omit<UseFormProps<z.input<S>, unknown, z.output<S>>, 'resolver'> = {},
): UseFormReturn<z.input<S>, unknown, z.output<S>> {
  const resolver = useRef<Resolver<z.input<S>, unknown, z.output<S>> | null>(null);
  const form = useForm<z.input<S>, unknown, z.output<S>>({
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    ...options,
    resolver: async (values, context, opts) => {
      if (!resolver.current) {
        resolver.current = contractsResolver(await load()) as never;
      }
      return resolver.current!(values, context, opts);
    },
  });
  useRecheckShownErrors(form);
  return form;
}

/** Translated text of a field error (zod keys and server sentences alike). */
export function fieldError(error: { message?: string } | undefined): string | undefined {
  return error?.message ? translateMessage(error.message) : undefined;
}
