import type { z } from 'zod';
import type { Coded, MessageCode } from './coded';
import { isMessageCode } from './message-codes';

/** The codes `codeErrorMap` gives zod's own checks (any route with a request schema may answer them). */
export const ZOD_CODES = [
  'invalidType',
  'tooLong',
  'tooShort',
  'tooManyItems',
  'tooFewItems',
  'tooBig',
  'tooSmall',
  'formatInvalid',
  'optionInvalid',
  'keysUnknown',
  'valueInvalid',
] as const satisfies readonly MessageCode[];
type ZodCode = (typeof ZOD_CODES)[number];

/**
 * zod issues as message codes. Core's schemas name their own code (`{ error: 'fillRequired' }`);
 * `codeErrorMap`, passed to every parse (`schema.safeParse(data, { error: codeErrorMap })`), gives
 * each of zod's own checks a code, so an issue's message is always a code, never zod's English.
 */
export const codeErrorMap: z.core.$ZodErrorMap = (iss): ZodCode => {
  const sized = iss.origin === 'string' ? 'text' : iss.origin === 'array' || iss.origin === 'set' ? 'list' : 'number';
  switch (iss.code) {
    case 'invalid_type':
      return 'invalidType';
    case 'too_big':
      return sized === 'text' ? 'tooLong' : sized === 'list' ? 'tooManyItems' : 'tooBig';
    case 'too_small':
      return sized === 'text' ? 'tooShort' : sized === 'list' ? 'tooFewItems' : 'tooSmall';
    case 'invalid_format':
      return 'formatInvalid';
    case 'invalid_value':
      return 'optionInvalid';
    case 'unrecognized_keys':
      return 'keysUnknown';
    default:
      return 'valueInvalid';
  }
};

type Issue = z.core.$ZodIssue;

/** The values a generic code shows, read from the issue. */
function paramsOf(code: MessageCode, issue: Issue): Record<string, unknown> | undefined {
  const i = issue as Issue & {
    maximum?: number | bigint;
    minimum?: number | bigint;
    expected?: string;
    values?: unknown[];
    keys?: string[];
  };
  switch (code) {
    case 'tooLong':
    case 'tooManyItems':
    case 'tooBig':
      return { max: Number(i.maximum) };
    case 'tooShort':
    case 'tooFewItems':
    case 'tooSmall':
      return { min: Number(i.minimum) };
    case 'invalidType':
      return { expected: String(i.expected) };
    case 'optionInvalid':
      return { options: (i.values ?? []).map(String).join(', ') };
    case 'keysUnknown':
      return { keys: (i.keys ?? []).join(', ') };
    default:
      return undefined;
  }
}

/** An issue as a coded message and the path of its field ('' for the whole value). */
export function issueToCoded(issue: Issue): Coded & { field: string } {
  const code: MessageCode = isMessageCode(issue.message) ? issue.message : 'valueInvalid';
  const params = paramsOf(code, issue);
  return { code, ...(params ? { params } : {}), field: issue.path.map(String).join('.') } as Coded & { field: string };
}
