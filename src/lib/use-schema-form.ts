import { createElement, type FormEvent, Fragment, type ReactNode, type RefObject, useEffect, useRef, useState } from 'react';
import type { z } from 'zod';
import type { Coded } from '../../core/coded';
import { ApiError, errorMessage } from './api';
import { isLoadedCode, loadCatalogues, useMsg, useText } from './messages';
import type { FieldErrors, FieldProblem, FormCheck } from './schema-errors';

/**
 * The one way a form checks its values: with the zod schema the server applies to the request, so the
 * two cannot disagree. Values are shaped like the request, so an error's path is its field's path
 * ('address.pincode'); a field shows `error(path)` beside it. Errors appear at the first submit, then
 * follow the values (each goes as soon as its field is fixed). A refusal from the server that names a
 * field lands beside that field until it changes. The schema, zod and the message catalogues load with
 * the first check, never with the page.
 */
export interface SchemaFormOptions<V, S extends z.ZodType> {
  /** The request's schema from core/schemas, imported on demand: a loader of the module that holds it, e.g. the user schemas' `loginSchema`. */
  schema: () => Promise<S>;
  initial: V | (() => V);
  /** The request made from the values (default: the values; keys the schema does not know are dropped). */
  toInput?: (values: V) => unknown;
  /** What only the form knows (a confirmation that must match, a rule across fields): problems by field path. */
  check?: (values: V) => FieldProblem[];
}

export interface SchemaForm<V, Out> {
  values: V;
  set: <K extends keyof V>(key: K, value: V[K]) => void;
  setValues: (next: V | ((values: V) => V)) => void;
  /** The coded errors by field path. */
  errors: FieldErrors;
  /** A field's error (or the first of its parts: an item of a list) in the interface language, for its `error` prop. */
  error: (path: string) => ReactNode | undefined;
  /** Errors on a path the values do not have, in the interface language: the form shows them together (a banner); null when none. */
  unplaced: ReactNode | null;
  /**
   * Checks the values; the parsed request, or the errors (shown, the first field in error focused). Offline
   * before the schema ever loaded, the request is the values unchecked: the server checks it when it is sent.
   */
  validate: () => Promise<FormCheck<Out>>;
  /** Shows an API refusal beside the field it names (true); false when it names none of the form's fields. */
  serverError: (err: unknown) => boolean;
  /** Put on the <form>: the first field in error is brought into view. */
  formRef: RefObject<HTMLFormElement | null>;
  /**
   * The form's onSubmit: checks the values, then saves the parsed request with `saving` set. A refusal
   * that names a field shows beside it; any other goes to `banner` (`refused`, else "Something went
   * wrong", when it has no message of its own), or to `refused` when it is a function (a toast). The
   * submit never reaches an outer form.
   */
  submit: (save: (data: Out) => Promise<void>, refused?: string | ((err: unknown) => void)) => (e?: FormEvent) => Promise<void>;
  /** A refusal of a request outside the submit (send the code again): beside its field, else in `banner`; null clears the banner. */
  refuse: (err: unknown, fallback?: string) => void;
  /** True while a save is under way. */
  saving: boolean;
  /** The last refusal that names none of the form's fields, or the errors on paths it has no field for; null when none. */
  banner: ReactNode | null;
}

type Checker = typeof import('./schema-errors');
const loadChecker = () => import('./schema-errors');

/** The value at a dotted path ('address.pincode', 'addresses.0.city'); undefined when there is none. */
export function valueAt(values: unknown, path: string): unknown {
  if (!path) return undefined;
  let v = values;
  for (const key of path.split('.')) {
    if (v === null || typeof v !== 'object' || !Object.hasOwn(v, key)) return undefined;
    v = (v as Record<string, unknown>)[key];
  }
  return v;
}

/**
 * A coded message in the interface language. It renders only once a check or an answer has loaded the
 * catalogues, so useText never suspends here; it follows a change of language.
 */
function CodedText({ c }: { c: Coded }) {
  return useText()(c);
}

/** The field an API refusal is about, with its code (`{ code, params?, field }` of the answer), else null. */
export function serverProblem(err: unknown): FieldProblem | null {
  if (!(err instanceof ApiError)) return null;
  const { code, params, field } = err.data ?? {};
  if (typeof field !== 'string' || !field || !isLoadedCode(code)) return null;
  return { code, ...(params === undefined ? {} : { params }), field } as FieldProblem;
}

/** True when the form has the field a path starts in. */
const onForm = (values: unknown, path: string) => valueAt(values, path.split('.')[0]) !== undefined;

/** A field's error: its own, else the first of its parts. */
export function errorAt(errors: FieldErrors, path: string): Coded | undefined {
  if (Object.hasOwn(errors, path)) return errors[path];
  const part = Object.keys(errors).find((k) => k.startsWith(`${path}.`));
  return part === undefined ? undefined : errors[part];
}

/** A check for `check`: the field `field` repeats `of` (a new password's confirmation), else "Passwords do not match.". */
export const repeats =
  <V>(field: keyof V & string, of: keyof V & string) =>
  (v: V): FieldProblem[] =>
    v[field] !== v[of] ? [{ field, code: 'passwordsMismatch' }] : [];

export function useSchemaForm<V extends object, S extends z.ZodType>(options: SchemaFormOptions<V, S>): SchemaForm<V, z.output<S>> {
  const { schema, toInput = (v: V) => v, check } = options;
  const [values, setValues] = useState<V>(options.initial);
  const [loaded, setLoaded] = useState<{ schema: S; checker: Checker } | null>(null);
  /** Set by the first submit: from then on the errors follow the values. */
  const [checked, setChecked] = useState(false);
  /** A refusal from the server about one field, shown while that field keeps the value it was refused with. */
  const [server, setServer] = useState<{ problem: FieldProblem; value: unknown } | null>(null);
  const [focusAsked, setFocusAsked] = useState(0);
  const [saving, setSaving] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const msg = useMsg();

  const run = (l: { schema: S; checker: Checker }, v: V) => l.checker.checkForm(l.schema, toInput(v), check?.(v) ?? []);
  const own = checked && loaded ? run(loaded, values) : null;
  const shownServer = server && Object.is(valueAt(values, server.problem.field), server.value) ? server.problem : null;
  const errors: FieldErrors = {
    ...(own && !own.ok ? own.errors : {}),
    ...(shownServer ? { [shownServer.field]: { code: shownServer.code, params: shownServer.params } as Coded } : {}),
  };
  const text = (c: Coded | undefined) => (c ? createElement(CodedText, { c }) : undefined);
  const unplaced = Object.entries(errors).filter(([path]) => !onForm(values, path));

  useEffect(() => {
    if (!focusAsked) return;
    // the first field in error, or the first error text of a group without an input of its own (images)
    const field = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"], .mantine-InputWrapper-error');
    field?.scrollIntoView({ block: 'center', behavior: 'smooth' });
    // a list (Select) opens when focused: it is only brought into view
    if (field?.matches('input:not([role="combobox"]), textarea')) field.focus({ preventScroll: true });
  }, [focusAsked]);

  const validate = async (): Promise<FormCheck<z.output<S>>> => {
    let l: { schema: S; checker: Checker };
    try {
      const [s, checker] = await Promise.all([schema(), loadChecker(), loadCatalogues()]);
      l = { schema: s, checker };
    } catch {
      // offline before the check ever loaded: the request goes as it is, and the server checks it (or it fails to send)
      return { ok: true, data: toInput(values) as z.output<S> };
    }
    setLoaded(l);
    setChecked(true);
    setServer(null);
    const result = run(l, values);
    if (!result.ok) setFocusAsked((n) => n + 1);
    return result;
  };
  const serverError = (err: unknown) => {
    const problem = serverProblem(err);
    if (!problem || !onForm(values, problem.field)) return false;
    setServer({ problem, value: valueAt(values, problem.field) });
    setFocusAsked((n) => n + 1);
    return true;
  };
  const refuse = (err: unknown, fallback?: string) => {
    if (err === null) setRefusal(null);
    else if (!serverError(err)) setRefusal(errorMessage(err, fallback ?? msg.somethingWrong));
  };
  const unplacedText = unplaced.length
    ? unplaced.map(([path, c], i) => createElement(Fragment, { key: path }, i ? ' ' : '', text(c)))
    : null;

  return {
    values,
    set: (key, value) => setValues((v) => ({ ...v, [key]: value })),
    setValues,
    errors,
    error: (path) => text(errorAt(errors, path)),
    unplaced: unplacedText,
    validate,
    serverError,
    formRef,
    submit: (save, refused) => async (e) => {
      e?.preventDefault();
      // a dialog's form sits in its page's React tree: its submit must not reach the page's form
      e?.stopPropagation();
      setRefusal(null);
      const checked = await validate();
      if (!checked.ok) return;
      setSaving(true);
      try {
        await save(checked.data);
      } catch (err) {
        if (typeof refused !== 'function') refuse(err, refused);
        else if (!serverError(err)) refused(err);
      } finally {
        setSaving(false);
      }
    },
    refuse,
    saving,
    banner: refusal ?? unplacedText,
  };
}
