/**
 * A valid person for the benches (`POST /persons`), unique by its serial: the fields every bench sends
 * alike, with what tells the benches' persons apart (`tag` in the e-mail and the document number).
 */
export function benchPerson({
  tag,
  serial,
  firstName,
  lastName,
  phoneNumber,
  gender = 'female',
  dob = '1985-06-21',
}) {
  return {
    firstName,
    lastName,
    dob,
    gender,
    country: 'Haïti',
    state: 'Ouest',
    city: 'Port-au-Prince',
    address: `${serial}, rue Capois`,
    postalCode: 'HT6110',
    phoneNumber,
    email: `${tag}${serial}@exemple.ht`,
    idDocumentType: 'id_card',
    idDocumentNumber: `CIN-${tag === 'crash' ? 'CR' : 'FZ'}-${serial}`,
    dateIssued: '2020-01-10',
    expirationDate: '2030-01-10',
    occupation: 'Commerçante',
    annualIncome: 50_000,
    maritalStatus: 'single',
    partner: null,
    mother: 'Anne Essai',
    preferredContactMethod: 'sms',
    consentForMarketing: false,
  };
}

/**
 * A cash transfer's recipient made of a bench person: what the transfer asks of her (decision 209), her
 * name, her phone and her document; nothing else of the person form.
 */
export function recipientOf({ firstName, lastName, phoneNumber, idDocumentType, idDocumentNumber }) {
  return { firstName, lastName, phoneNumber, idDocumentType, idDocumentNumber };
}
