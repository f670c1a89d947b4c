// How a person's name is shown, without zod (decision 152): the shell's user menu and the dashboard's
// welcome use it, and they load no schema. Re-exported by the index, as before.

/**
 * A first name as SPEC §3 shows it: each part capitalised, the rest in lower case, the separators kept
 * ("rose-merline" → "Rose-Merline", "jean baptiste" → "Jean Baptiste", "marie-élise" → "Marie-Élise").
 * A part starts after a space or a hyphen only: "d'Arc" keeps its small d, as it is written.
 */
export function capitaliseFirstName(firstName: string): string {
  return firstName
    .trim()
    .replace(/\s+/g, ' ')
    .toLocaleLowerCase('fr-FR')
    .replace(
      /(^|[\s-])(\p{L})/gu,
      (_, separator: string, letter: string) => separator + letter.toLocaleUpperCase('fr-FR'),
    );
}

/** "Jean DUPONT", "Rose-Merline PIERRE-LOUIS": first name capitalised, last name in upper case. */
export function displayName(person: { firstName?: string | null; lastName?: string | null }): string {
  const first = capitaliseFirstName(person.firstName ?? '');
  const last = (person.lastName ?? '').trim().replace(/\s+/g, ' ').toLocaleUpperCase('fr-FR');
  return [first, last].filter(Boolean).join(' ');
}
