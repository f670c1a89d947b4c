import {
  documentLabel,
  formatDate,
  genderLabels,
  maritalStatusLabel,
  type User,
  formatPhone,
} from '@lajan/domain';
import { currentLanguage, formatLanguage } from '../../i18n/i18n';
import { DetailField } from './DetailList';
import { t } from '@lingui/core/macro';

/** A user's person: first and last names, birth date, sex, marital status and identity document. */
export function PersonalDetailFields({ user }: { user: User }) {
  return (
    <>
      <DetailField label={t`Prénom`}>{user.firstName}</DetailField>
      <DetailField label={t`Nom`}>{user.lastName}</DetailField>
      <DetailField label={t`Date de naissance`}>{formatDate(user.dob, formatLanguage(currentLanguage()))}</DetailField>
      <DetailField label={t`Sexe`}>{user.gender ? genderLabels[user.gender] : ''}</DetailField>
      <DetailField label={t`Statut matrimonial`}>{maritalStatusLabel(user.maritalStatus)}</DetailField>
      <DetailField label={t`Document`}>
        {user.idDocumentType ? `${documentLabel(user.idDocumentType)} · ${user.idDocumentNumber ?? ''}` : ''}
      </DetailField>
    </>
  );
}

/** A user's contact details: e-mail, phone and postal address (the country apart: the pages place it). */
export function ContactDetailFields({ user }: { user: User }) {
  return (
    <>
      <DetailField label={t`Email`}>{user.email}</DetailField>
      <DetailField label={t`Téléphone`}>{formatPhone(user.phoneNumber)}</DetailField>
      <DetailField label={t`Adresse`}>{user.address}</DetailField>
      <DetailField label={t`Commune`}>{user.city}</DetailField>
      <DetailField label={t`Département`}>{user.state}</DetailField>
      <DetailField label={t`Code postal`}>{user.postalCode}</DetailField>
    </>
  );
}
