import { zodResolver } from '@hookform/resolvers/zod'
import type {
  FieldValues,
  Path,
  Resolver,
  UseFormProps,
  UseFormReturn,
  UseFormSetError,
} from 'react-hook-form'
import { useForm } from 'react-hook-form'
import type { z } from 'zod'
import { serverErrors } from './form-errors'

/**
 * The one way to write a form (DESIGN.md; docs/decisions/0033-forms.md): react-hook-form, validated by the
 * contract's zod schema of the request, so the portal checks exactly what the server will.
 */
export function useZodForm<S extends z.ZodType<FieldValues, FieldValues>>(
  schema: S,
  options: Omit<UseFormProps<z.input<S>, unknown, z.output<S>>, 'resolver'> = {},
): UseFormReturn<z.input<S>, unknown, z.output<S>> {
  return useForm<z.input<S>, unknown, z.output<S>>({
    mode: 'onTouched',
    ...options,
    // The resolver's overloads cannot follow a generic schema; it validates `schema`, so these are its types.
    resolver: zodResolver(schema) as unknown as Resolver<z.input<S>, unknown, z.output<S>>,
  })
}

/** Every field path of a form's values, dotted as the server names them (`config.api_key`, `items.0.price`). */
export function fieldPaths(values: unknown, prefix = ''): string[] {
  if (typeof values !== 'object' || values === null) return prefix === '' ? [] : [prefix]
  const entries = Array.isArray(values)
    ? values.map((v, i) => [String(i), v] as const)
    : Object.entries(values)
  const own = prefix === '' ? [] : [prefix]
  return [
    ...own,
    ...entries.flatMap(([key, value]) => fieldPaths(value, prefix === '' ? key : `${prefix}.${key}`)),
  ]
}

/**
 * The one mapping of a failed call onto a form: each 400 issue on a field the form has is set on that field (shown
 * beside it, and focused first); what belongs to no field is returned as the form's own message.
 */
export function applyServerErrors<V extends FieldValues>(
  form: { getValues: () => V; setError: UseFormSetError<V> },
  error: unknown,
  /**
   * Paths the form shows beside a field although its values name them otherwise: a list edited as rows of its own
   * shape (a grant row of kind and choice) whose request paths (`grants.0.role_id`) are not among the values.
   */
  extraFields: readonly string[] = [],
): string | null {
  const { fields, message } = serverErrors(error, [...fieldPaths(form.getValues()), ...extraFields])
  let first = true
  for (const [path, text] of Object.entries(fields)) {
    form.setError(path as Path<V>, { type: 'server', message: text }, { shouldFocus: first })
    first = false
  }
  return message
}
