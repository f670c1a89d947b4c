/** A message as the outbox keeps it. Text only: it reads well in any client and in the log. */
export interface MailMessage {
  kind: 'password_reset' | 'new_user';
  to: string;
  subject: string;
  text: string;
}

export interface PasswordResetMailInput {
  to: string;
  firstName: string;
  username: string;
  link: string;
  validForMinutes: number;
}

export function passwordResetMail(input: PasswordResetMailInput): MailMessage {
  return {
    kind: 'password_reset',
    to: input.to,
    subject: 'Réinitialisation de votre mot de passe Lajan',
    text: [
      `Bonjour ${input.firstName},`,
      '',
      `Nous avons reçu une demande de réinitialisation du mot de passe du compte « ${input.username} ».`,
      `Pour choisir un nouveau mot de passe, ouvrez ce lien (valable ${input.validForMinutes} minutes, une seule fois) :`,
      '',
      input.link,
      '',
      "Si vous n'êtes pas à l'origine de cette demande, ignorez ce message : votre mot de passe reste inchangé.",
      '',
      "L'équipe Lajan",
    ].join('\n'),
  };
}

export interface NewUserMailInput {
  to: string;
  firstName: string;
  username: string;
  temporaryPassword: string;
  signInUrl: string;
}

/** DESIGN §3: the text holds `Nom d'utilisateur : …`, `Mot de passe temporaire : …` and the sign-in link. */
export function newUserMail(input: NewUserMailInput): MailMessage {
  return {
    kind: 'new_user',
    to: input.to,
    subject: 'Votre accès à Lajan',
    text: [
      `Bonjour ${input.firstName},`,
      '',
      'Un accès au back-office Lajan a été créé pour vous.',
      '',
      `Nom d'utilisateur : ${input.username}`,
      `Mot de passe temporaire : ${input.temporaryPassword}`,
      '',
      `Connectez-vous ici : ${input.signInUrl}`,
      'À la première connexion, vous devrez choisir votre propre mot de passe.',
      '',
      "L'équipe Lajan",
    ].join('\n'),
  };
}
