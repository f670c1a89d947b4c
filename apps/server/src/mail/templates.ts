import { t } from '@lingui/core/macro';
import { capitaliseFirstName, formatLongDateTime } from '@lajan/domain';
import { languageOfTheMoment } from '../i18n/language.js';

/**
 * A message as the outbox keeps it. Text only: it reads well in any client and in the log. Built inside
 * `inLanguage(reader's language, …)`: its texts are read in that language (decision 237).
 */
export interface MailMessage {
  kind:
    | 'password_reset'
    | 'new_user'
    | 'account_request_received'
    | 'account_request_duplicate'
    | 'account_request_activated'
    | 'account_request_rejected'
    | 'email_changed'
    // The sender of a transfer that expired (decision 225); its text is the domain's.
    | 'transfer_expired';
  to: string;
  subject: string;
  text: string;
}

/** "Bonjour Jean-Baptiste," whatever the case the name was typed in (as the screens show it). */
function greeting(firstName: string): string {
  const name = capitaliseFirstName(firstName);
  return t`Bonjour ${name},`;
}

/** A short first word of letters (hyphens inside), as a person's first name is: nothing else is echoed. */
const plainFirstName = /^\p{L}+(?:-\p{L}+)*$/u;
const PLAIN_FIRST_NAME_MAX = 24;

/**
 * The greeting of a mail that anyone may have a public registration send to any address (decision 198):
 * "Bonjour Rose," for a first name of letters, "Bonjour," for anything else, so that a visitor's free text
 * never travels in Lajan's name.
 */
function guardedGreeting(firstName: string): string {
  const first = firstName.trim().split(/\s+/)[0] ?? '';
  return plainFirstName.test(first) && first.length <= PLAIN_FIRST_NAME_MAX ? greeting(first) : t`Bonjour,`;
}

export interface PasswordResetMailInput {
  to: string;
  firstName: string;
  username: string;
  link: string;
  validForMinutes: number;
}

export function passwordResetMail(input: PasswordResetMailInput): MailMessage {
  const { username, validForMinutes: minutes } = input;
  return {
    kind: 'password_reset',
    to: input.to,
    subject: t`Réinitialisation de votre mot de passe Lajan`,
    text: [
      greeting(input.firstName),
      '',
      t`Nous avons reçu une demande de réinitialisation du mot de passe du compte «\u00a0${username}\u00a0».`,
      t`Pour choisir un nouveau mot de passe, ouvrez ce lien (valable ${minutes} minutes, une seule fois) :`,
      '',
      input.link,
      '',
      t`Si vous n'êtes pas à l'origine de cette demande, ignorez ce message : votre mot de passe reste inchangé.`,
      '',
      signature(),
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

/** The text holds `Nom d'utilisateur : …`, `Mot de passe temporaire : …` and the sign-in link. */
export function newUserMail(input: NewUserMailInput): MailMessage {
  const { username, temporaryPassword, signInUrl } = input;
  return {
    kind: 'new_user',
    to: input.to,
    subject: t`Votre accès à Lajan`,
    text: [
      greeting(input.firstName),
      '',
      t`Un accès au back-office Lajan a été créé pour vous.`,
      '',
      t`Nom d'utilisateur : ${username}`,
      t`Mot de passe temporaire : ${temporaryPassword}`,
      '',
      t`Connectez-vous ici : ${signInUrl}`,
      t`À la première connexion, vous devrez choisir votre propre mot de passe.`,
      '',
      signature(),
    ].join('\n'),
  };
}

/** Every mail's last line. */
function signature(): string {
  return t`L'équipe Lajan`;
}

export interface AccountRequestReceivedMailInput {
  to: string;
  firstName: string;
  reference: string;
  accountType: 'current' | 'savings';
}

/**
 * The public registration's acknowledgement: the e-mail SPEC §2 "/register" promises within 24 hours, sent
 * at once. It says what happens next, at a cash point (decision 213); the decision comes in a second message.
 */
export function accountRequestReceivedMail(input: AccountRequestReceivedMailInput): MailMessage {
  const { reference } = input;
  return {
    kind: 'account_request_received',
    to: input.to,
    subject: t`Votre demande d'ouverture de compte Lajan (${reference})`,
    text: [
      guardedGreeting(input.firstName),
      '',
      input.accountType === 'current'
        ? t`Nous avons bien reçu votre demande d'ouverture d'un compte courant en HTG.`
        : t`Nous avons bien reçu votre demande d'ouverture d'un compte épargne en HTG.`,
      '',
      t`Référence de la demande : ${reference}`,
      '',
      t`Pour ouvrir votre compte, présentez-vous dans un point de service Lajan avec l'original de la pièce d'identité indiquée dans la demande et cette référence : un caissier vérifiera votre pièce et ouvrira votre compte.`,
      t`Vous recevrez alors par e-mail le numéro de votre compte.`,
      '',
      signature(),
    ].join('\n'),
  };
}

export interface AccountRequestDuplicateMailInput {
  to: string;
  firstName: string;
}

/**
 * To a registered person whose document, e-mail or phone a public registration named (decision 198): the
 * visitor is answered as any other, and the person on file learns of it, without a word of what was typed.
 */
export function accountRequestDuplicateMail(input: AccountRequestDuplicateMailInput): MailMessage {
  return {
    kind: 'account_request_duplicate',
    to: input.to,
    subject: t`Une demande d'ouverture de compte Lajan avec vos informations`,
    text: [
      guardedGreeting(input.firstName),
      '',
      t`Une demande d'ouverture de compte a été faite sur le site de Lajan avec des informations déjà enregistrées à votre nom (pièce d'identité, adresse e-mail ou numéro de téléphone). Elle n'a pas été enregistrée.`,
      '',
      t`Si c'est vous, présentez-vous dans un point de service Lajan avec votre pièce d'identité : un caissier ouvrira votre compte.`,
      t`Si ce n'est pas vous, vous n'avez rien à faire : vos informations n'ont pas été modifiées.`,
      '',
      signature(),
    ].join('\n'),
  };
}

export interface AccountRequestActivatedMailInput {
  to: string;
  firstName: string;
  reference: string;
  accountType: 'current' | 'savings';
  accountNumber: string;
  agent: { name: string; code: string } | null;
}

export function accountRequestActivatedMail(input: AccountRequestActivatedMailInput): MailMessage {
  const { reference, accountNumber } = input;
  const agentName = input.agent?.name ?? '';
  const agentCode = input.agent?.code ?? '';
  return {
    kind: 'account_request_activated',
    to: input.to,
    subject: t`Votre compte Lajan est ouvert (${reference})`,
    text: [
      greeting(input.firstName),
      '',
      input.accountType === 'current'
        ? t`Votre demande ${reference} a été acceptée : votre compte courant en HTG est ouvert.`
        : t`Votre demande ${reference} a été acceptée : votre compte épargne en HTG est ouvert.`,
      '',
      t`Numéro de compte : ${accountNumber}`,
      ...(input.agent ? [t`Point de service : ${agentName} (${agentCode})`] : []),
      '',
      t`Conservez précieusement ce numéro pour accéder à votre compte.`,
      '',
      signature(),
    ].join('\n'),
  };
}

export interface AccountRequestRejectedMailInput {
  to: string;
  firstName: string;
  reference: string;
  reason: string;
}

export function accountRequestRejectedMail(input: AccountRequestRejectedMailInput): MailMessage {
  const { reference, reason } = input;
  return {
    kind: 'account_request_rejected',
    to: input.to,
    subject: t`Votre demande d'ouverture de compte Lajan (${reference})`,
    text: [
      greeting(input.firstName),
      '',
      t`Votre demande ${reference} n'a pas pu être acceptée.`,
      '',
      t`Motif : ${reason}`,
      '',
      t`Vous pouvez présenter une nouvelle demande, ou vous rendre dans un point de service Lajan avec votre pièce d’identité.`,
      '',
      signature(),
    ].join('\n'),
  };
}

export interface EmailChangedMailInput {
  /** The OLD address: its owner learns that it no longer receives the account's messages. */
  to: string;
  firstName: string;
  username: string;
  changedAt: Date;
}

/**
 * A change of a user's e-mail is told to the old address, so that a takeover through the
 * e-mail (then a password reset) does not go unnoticed. The new address is not written in it.
 */
export function emailChangedMail(input: EmailChangedMailInput): MailMessage {
  const when = formatLongDateTime(input.changedAt, languageOfTheMoment());
  const { username } = input;
  return {
    kind: 'email_changed',
    to: input.to,
    subject: t`Votre adresse e-mail Lajan a été modifiée`,
    text: [
      greeting(input.firstName),
      '',
      t`Votre adresse e-mail a été modifiée pour le compte «\u00a0${username}\u00a0» le ${when} (heure d'Haïti).`,
      t`Cette adresse ne recevra plus les messages de ce compte, ni ses liens de réinitialisation du mot de passe.`,
      '',
      t`Si vous n'êtes pas à l'origine de ce changement, prévenez sans attendre votre administrateur ou le support Lajan.`,
      '',
      signature(),
    ].join('\n'),
  };
}
