import { useEffect, useState } from 'react';
import {
  duplicateDocumentMessage,
  duplicateFieldMessage,
  emailSchema,
  idDocumentTypeSchema,
  normalizePhone,
  personFieldsSchema,
  phoneNumberSchema,
  type IdDocumentType,
  type UniqueCheckAnswer,
} from '@lajan/domain';
import { useHttp } from '../../lib/http-context';
import { checkDocumentExists, checkPersonFieldExists } from './api';

/** The uniqueness checks wait for an 800 ms pause in typing. */
export const UNIQUENESS_DEBOUNCE_MS = 800;

interface Checked extends UniqueCheckAnswer {
  /** The value that was checked; a message shows only while the field still holds it. */
  key: string;
}

/**
 * Asks the server, after an 800 ms pause, whether another person already has this value. Checks only
 * a value that its own rule accepts (no call for "jean@"). A failed check says nothing: the server
 * checks again when the form is saved.
 */
function useDebouncedCheck(
  key: string | null,
  check: (signal: AbortSignal) => Promise<UniqueCheckAnswer>,
): { checked: Checked | null; checking: boolean } {
  const [checked, setChecked] = useState<Checked | null>(null);
  const [asking, setAsking] = useState<string | null>(null);
  useEffect(() => {
    if (key === null) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      setAsking(key);
      check(controller.signal)
        .then(
          (answer) => setChecked({ key, ...answer }),
          () => undefined,
        )
        .finally(() => setAsking((current) => (current === key ? null : current)));
    }, UNIQUENESS_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
    // `check` is rebuilt on every render; the key says everything it depends on.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  return {
    checked: key !== null && checked?.key === key ? checked : null,
    checking: key !== null && asking === key,
  };
}

export interface UniquenessMessages {
  email?: string;
  phoneNumber?: string;
  idDocumentNumber?: string;
  /** The fields whose check is on its way to the server. */
  checking: { email: boolean; phoneNumber: boolean; idDocumentNumber: boolean };
  /** The id of the person already holding the value, when the server names it (decision 214). */
  holders: { email?: string; phoneNumber?: string; idDocumentNumber?: string };
}

type UniqueValues = {
  /** The edited person's id: the server naming it as the holder is no duplicate. */
  id?: string;
  email?: string;
  phoneNumber?: string;
  idDocumentType?: string;
  idDocumentNumber?: string;
};

/** "Cette adresse e-mail existe déjà", "Ce numéro de téléphone existe déjà" for the e-mail and the phone, "Ce numéro de <document> existe déjà" for the document (decision 134). */
export function usePersonUniqueness(
  enabled: boolean,
  values: UniqueValues,
  /** The person's own values, when the form edits a registered person: they are not duplicates. */
  own?: UniqueValues,
): UniquenessMessages {
  const http = useHttp();
  const email = values.email?.trim() ?? '';
  const phone = values.phoneNumber?.trim() ?? '';
  const documentNumber = values.idDocumentNumber?.trim() ?? '';
  const documentType = idDocumentTypeSchema.safeParse(values.idDocumentType);
  const ownEmail = own?.email?.trim().toLowerCase();
  const ownPhone = own?.phoneNumber ? normalizePhone(own.phoneNumber) : undefined;
  const ownDocument = own?.idDocumentNumber
    ? `${own.idDocumentType} ${own.idDocumentNumber.trim().toUpperCase()}`
    : undefined;

  const emailKey =
    enabled && emailSchema.safeParse(email).success && email.toLowerCase() !== ownEmail
      ? email.toLowerCase()
      : null;
  const phoneKey =
    enabled && phoneNumberSchema.safeParse(phone).success && normalizePhone(phone) !== ownPhone
      ? normalizePhone(phone)
      : null;
  const documentKey =
    enabled &&
    documentType.success &&
    personFieldsSchema.shape.idDocumentNumber.safeParse(documentNumber).success &&
    `${documentType.data} ${documentNumber.toUpperCase()}` !== ownDocument
      ? `${documentType.data} ${documentNumber}`
      : null;

  const { checked: emailChecked, checking: emailChecking } = useDebouncedCheck(emailKey, (signal) =>
    checkPersonFieldExists(http, 'email', email, signal),
  );
  const { checked: phoneChecked, checking: phoneChecking } = useDebouncedCheck(phoneKey, (signal) =>
    checkPersonFieldExists(http, 'phoneNumber', normalizePhone(phone), signal),
  );
  const { checked: documentChecked, checking: documentChecking } = useDebouncedCheck(documentKey, (signal) =>
    checkDocumentExists(http, documentNumber, documentType.data as IdDocumentType, signal),
  );

  // The same value typed in another spacing or case is found on the person itself.
  const other = (answer: Checked | null) => answer?.exists === true && (!own?.id || answer.id !== own.id);
  const emailTaken = other(emailChecked);
  const phoneTaken = other(phoneChecked);
  const documentTaken = other(documentChecked);
  return {
    email: emailTaken ? duplicateFieldMessage('email') : undefined,
    phoneNumber: phoneTaken ? duplicateFieldMessage('phoneNumber') : undefined,
    idDocumentNumber:
      documentTaken && documentType.success ? duplicateDocumentMessage(documentType.data) : undefined,
    checking: { email: emailChecking, phoneNumber: phoneChecking, idDocumentNumber: documentChecking },
    holders: {
      ...(emailTaken && emailChecked?.id ? { email: emailChecked.id } : {}),
      ...(phoneTaken && phoneChecked?.id ? { phoneNumber: phoneChecked.id } : {}),
      ...(documentTaken && documentChecked?.id && documentType.success
        ? { idDocumentNumber: documentChecked.id }
        : {}),
    },
  };
}
