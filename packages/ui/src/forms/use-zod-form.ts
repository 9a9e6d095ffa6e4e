import { zodResolver } from '@hookform/resolvers/zod';
import { type FieldValues, type UseFormProps, type UseFormReturn, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { translateMessage } from '../i18n/i18n';

/**
 * react-hook-form bound to a contracts zod schema (STYLE "Forms"): the message a user sees is the
 * same key the server returns, translated by {@link fieldError}.
 */
export function useZodForm<S extends z.ZodType<FieldValues, FieldValues>>(
  schema: S,
  options: Omit<UseFormProps<z.input<S>, unknown, z.output<S>>, 'resolver'> = {},
): UseFormReturn<z.input<S>, unknown, z.output<S>> {
  return useForm<z.input<S>, unknown, z.output<S>>({
    mode: 'onTouched',
    ...options,
    resolver: zodResolver(schema as never) as never,
  });
}

/** Translated text of a field error (zod keys and server sentences alike). */
export function fieldError(error: { message?: string } | undefined): string | undefined {
  return error?.message ? translateMessage(error.message) : undefined;
}
