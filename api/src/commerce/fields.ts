// Body field schemas shared by the commerce routes. A missing key says 'This field is required.' (DRF's words), not
// valibot's 'Invalid key'.
import * as v from 'valibot';
import { isRowId, rowIdIn } from '../db';

/** A required whole positive id, given as a number or a string of digits. */
export const idField = (field: string) =>
  v.pipe(
    v.optional(v.unknown(), null),
    v.check((x) => x !== undefined && x !== null, 'This field is required.'),
    v.check(
      (x) =>
        (typeof x === 'number' && isRowId(x)) || (typeof x === 'string' && isRowId(rowIdIn(x))),
      `${field} must be a whole number.`,
    ),
    v.transform((x) => Number(x)),
  );

/** Required non-blank text, trimmed, at most `max` characters. */
export const textField = (max: number, blank = 'This field may not be blank.') =>
  v.pipe(
    v.optional(v.unknown(), null),
    v.check((x) => x !== undefined && x !== null, 'This field is required.'),
    v.check((x) => typeof x === 'string', 'Not a valid string.'),
    v.transform((x) => String(x).trim()),
    v.check((x) => x.length > 0, blank),
    v.check((x) => x.length <= max, `Ensure this field has no more than ${max} characters.`),
  );
