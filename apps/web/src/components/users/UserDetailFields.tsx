import {
  documentLabel,
  formatDateFr,
  genderLabels,
  maritalStatusLabel,
  type User,
  formatPhone,
} from '@lajan/domain';
import { DetailField } from './DetailList';

/** A user's person: first and last names, birth date, sex, marital status and identity document. */
export function PersonalDetailFields({ user }: { user: User }) {
  return (
    <>
      <DetailField label="Prénom">{user.firstName}</DetailField>
      <DetailField label="Nom">{user.lastName}</DetailField>
      <DetailField label="Date de naissance">{formatDateFr(user.dob)}</DetailField>
      <DetailField label="Sexe">{user.gender ? genderLabels[user.gender] : ''}</DetailField>
      <DetailField label="Statut matrimonial">{maritalStatusLabel(user.maritalStatus)}</DetailField>
      <DetailField label="Document">
        {user.idDocumentType ? `${documentLabel(user.idDocumentType)} · ${user.idDocumentNumber ?? ''}` : ''}
      </DetailField>
    </>
  );
}

/** A user's contact details: e-mail, phone and postal address (the country apart: the pages place it). */
export function ContactDetailFields({ user }: { user: User }) {
  return (
    <>
      <DetailField label="Email">{user.email}</DetailField>
      <DetailField label="Téléphone">{formatPhone(user.phoneNumber)}</DetailField>
      <DetailField label="Adresse">{user.address}</DetailField>
      <DetailField label="Commune">{user.city}</DetailField>
      <DetailField label="Département">{user.state}</DetailField>
      <DetailField label="Code postal">{user.postalCode}</DetailField>
    </>
  );
}
