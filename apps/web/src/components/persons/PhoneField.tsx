import { useId, useState } from 'react';
import { t } from '@lingui/core/macro';
import { useController, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { phonePrefixes } from '@lajan/domain';

/** "Vérification..." while a uniqueness check is on its way; announced politely. */
export function Checking({ text }: { text: string }) {
  return (
    <p role="status" className="mt-1 text-xs text-slate-600">
      {text}
    </p>
  );
}

/** The asterisk of a required field, hidden from screen readers (they hear `aria-required`). */
export function RequiredMark() {
  return (
    <span aria-hidden="true" className="text-red-700">
      *
    </span>
  );
}

/** The look of the person form's own inputs and selects, red while in error. */
export const inputClasses = (error?: string) =>
  `block min-h-11 rounded-md border bg-white px-3 py-2 text-base text-slate-900 shadow-sm placeholder:text-slate-400 focus:outline-2 focus:outline-offset-0 sm:text-sm ${
    error ? 'border-red-500 focus:outline-red-600' : 'border-slate-300 focus:outline-blue-700'
  }`;

/** Splits a phone value into its prefix of SPEC §2 and the rest ("+50937123456" → "+509", "37123456"). */
export function splitPhone(value: string): { prefix: string; local: string } {
  const byLength = [...phonePrefixes].sort((a, b) => b.prefix.length - a.prefix.length);
  const match = byLength.find(({ prefix }) => value.startsWith(prefix));
  if (match) return { prefix: match.prefix, local: value.slice(match.prefix.length) };
  return { prefix: phonePrefixes[0].prefix, local: value };
}

/**
 * The phone of SPEC §2's person form with its prefix choice (+509, +1, +33); the value is prefix +
 * number ("" while no number is typed). Any form's string field: the person's `phoneNumber`, an
 * external transfer's `recipient.phoneNumber`. The form's schema (`phoneNumberSchema`) checks it.
 */
export function PhoneField<T extends FieldValues>({
  control,
  name,
  error,
  hint,
}: {
  control: Control<T>;
  name: FieldPath<T>;
  error?: string;
  hint?: string;
}) {
  const {
    field: { ref: attachInput, value: fieldValue, onChange, onBlur },
  } = useController({ control, name });
  // The field holds a string (or nothing yet); the generic form cannot say so.
  const value = typeof fieldValue === 'string' ? fieldValue : '';
  const [chosenPrefix, setChosenPrefix] = useState(() => splitPhone(value).prefix);
  // While a number is typed, the value says which prefix it has; before, the choice does.
  const prefix = value ? splitPhone(value).prefix : chosenPrefix;
  const local = value ? splitPhone(value).local : '';
  const inputId = useId();
  const errorId = `${inputId}-error`;

  function emit(nextPrefix: string, nextLocal: string) {
    const typed = nextLocal.trimStart();
    // A full international number typed in the box keeps its own prefix.
    if (typed.startsWith('+')) onChange(typed);
    else onChange(typed ? `${nextPrefix}${typed}` : '');
  }

  return (
    <div>
      <div className="flex items-baseline gap-0.5 text-sm font-medium text-slate-800">
        <label htmlFor={inputId}>{t`Téléphone`}</label>
        <RequiredMark />
      </div>
      <div className="mt-1 flex gap-2">
        <select
          aria-label={t`Indicatif`}
          value={prefix}
          onChange={(event) => {
            setChosenPrefix(event.target.value);
            emit(event.target.value, local);
          }}
          className={`${inputClasses()} w-36 shrink-0 px-2 sm:w-40`}
        >
          {phonePrefixes.map((option) => (
            <option key={option.prefix} value={option.prefix}>
              {option.label}
            </option>
          ))}
        </select>
        <input
          id={inputId}
          ref={attachInput}
          type="tel"
          inputMode="tel"
          autoComplete="tel-national"
          placeholder="612345678"
          value={local}
          onChange={(event) => emit(prefix, event.target.value)}
          onBlur={onBlur}
          aria-required
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          className={`${inputClasses(error)} min-w-0 flex-1`}
        />
      </div>
      {hint && !error && <Checking text={hint} />}
      {error && (
        <p id={errorId} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
