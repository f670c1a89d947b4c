// What other modules and the composition root may use of persons (customers, owners, the people behind
// users). Persons imports only auth.
export { personsRoutes } from './routes.js';
export {
  duplicateFieldsOf,
  duplicateMessage,
  PersonsService,
  toPersonValues,
} from './service.js';
export { accessOf, personLinks, readablePersonIds, viewerFor, viewerOf, type Viewer } from './access.js';
export {
  confirmCurrentPassword,
  emailChanges,
  liveUserBehind,
  recordEmailChange,
  updatePersonContact,
} from './contact.js';
export {
  duplicatePersonFieldOf,
  findOrInsertPersonByEmail,
  findPersonByDocument,
  findPersonById,
  findPersonsByIds,
  insertPerson,
  isUuid,
  personsHolding,
  type PersonRow,
} from './store.js';
