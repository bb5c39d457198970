import type { z } from 'zod';
import type { Coded } from '../../core/coded';
import { codeErrorMap, issueToCoded } from '../../core/zod-codes';

/**
 * A form's check against the request's own zod schema (the one the server applies): each problem as
 * a message code on the path of its field ('address.pincode', 'addresses.0.city'). Loaded with the
 * first check (src/lib/use-schema-form.ts), so no page's first load carries zod or the catalogues.
 */

/** A coded message about one field, by its path in the request. */
export type FieldProblem = Coded & { field: string };
/** The form's errors by field path: the first problem of each field. */
export type FieldErrors = Readonly<Record<string, Coded>>;

export type FormCheck<Out> = { ok: true; data: Out } | { ok: false; errors: FieldErrors };

const withoutField = ({ field: _field, ...c }: FieldProblem): Coded => c as Coded;

/** Parses `input` with `schema` and adds the problems only the form knows (`extra`); any problem refuses it. */
export function checkForm<S extends z.ZodType>(schema: S, input: unknown, extra: readonly FieldProblem[] = []): FormCheck<z.output<S>> {
  const parsed = schema.safeParse(input, { error: codeErrorMap });
  const problems = [...(parsed.success ? [] : parsed.error.issues.map(issueToCoded)), ...extra];
  if (parsed.success && problems.length === 0) return { ok: true, data: parsed.data };
  const errors: Record<string, Coded> = {};
  for (const p of problems) if (!Object.hasOwn(errors, p.field)) errors[p.field] = withoutField(p);
  return { ok: false, errors };
}
