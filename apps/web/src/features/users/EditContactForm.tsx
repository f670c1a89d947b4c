import { t } from '@lingui/core/macro';
import { useEffect } from 'react';
import { useForm, useWatch, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { updateUserInputSchema, userMessages, type UpdateUserInput, type User } from '@lajan/domain';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { CurrentPasswordField } from '../../components/CurrentPasswordField';
import { TextField } from '../../components/TextField';
import { useToasts } from '../../components/toasts/toast-context';
import { applyServerErrors } from '../../lib/form';
import { isHttpError } from '../../lib/http';
import { useSession } from '../../lib/session-context';
import { useUpdateUserMutation } from './api/update-user';

type ContactValues = Record<keyof UpdateUserInput, string>;
const contactFields = ['email', 'phoneNumber', 'address', 'city', 'state'] as const satisfies readonly (keyof UpdateUserInput)[];
/** The fields a server error may name: the contact fields and the password confirming one's own e-mail. */
const formFields = [...contactFields, 'current_password'] as const;

const schemaResolver = zodResolver(updateUserInputSchema);
/**
 * The contact fields are all optional in `PUT /users/{id}`: a field left empty (a person recorded
 * without it) is not sent rather than refused.
 */
const contactResolver: Resolver<ContactValues> = (values, context, options) => {
  const filled = Object.fromEntries(Object.entries(values).filter(([, value]) => value.trim() !== ''));
  return schemaResolver(filled, context, options as never) as unknown as ReturnType<Resolver<ContactValues>>;
};

interface EditContactFormProps {
  user: User;
  onDone: () => void;
}

/** The user's contact fields; only changed fields are sent. */
export function EditContactForm({ user, onDone }: EditContactFormProps) {
  const toasts = useToasts();
  const mutation = useUpdateUserMutation(user);
  const { user: session } = useSession();
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    control,
    formState: { errors, dirtyFields },
  } = useForm<ContactValues>({
    resolver: contactResolver,
    defaultValues: {
      email: user.email ?? '',
      phoneNumber: user.phoneNumber ?? '',
      address: user.address ?? '',
      city: user.city ?? '',
      state: user.state ?? '',
      current_password: '',
    },
  });
  // Changing one's own e-mail (where the reset links go) is confirmed with one's password.
  const email = useWatch({ control, name: 'email' }) ?? '';
  const confirmsOwnEmail =
    session?.id === user.id && email.trim().toLowerCase() !== (user.email ?? '').trim().toLowerCase();

  // The form replaces the read-only list: the keyboard starts in its first field.
  useEffect(() => setFocus('email'), [setFocus]);

  async function onValid(values: ContactValues) {
    const input: UpdateUserInput = {};
    for (const field of contactFields) {
      const value = values[field] as string | undefined;
      if (dirtyFields[field] && value !== undefined) input[field] = value;
    }
    if (Object.keys(input).length === 0) {
      onDone();
      return;
    }
    if (confirmsOwnEmail && input.email !== undefined) {
      if (!values.current_password) {
        setError('current_password', { message: userMessages.currentPasswordRequired });
        setFocus('current_password');
        return;
      }
      input.current_password = values.current_password;
    }
    try {
      await mutation.mutateAsync(input);
      toasts.success(userMessages.updated);
      onDone();
    } catch (error) {
      // The toast (server message or "Échec de la modification de l'utilisateur") comes from the query client.
      if (isHttpError(error)) {
        const unplaced = applyServerErrors(setError, error.errors, formFields);
        if (unplaced[0]) setError('root', { message: unplaced[0] });
      }
    }
  }

  return (
    <form noValidate onSubmit={(e) => void handleSubmit(onValid)(e)} className="space-y-4" aria-label={t`Modifier les coordonnées`}>
      {errors.root?.message && <Alert type="danger">{errors.root.message}</Alert>}
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label={t`Email`} type="email" autoComplete="email" error={errors.email?.message} {...register('email')} />
        <TextField
          label={t`Téléphone`}
          type="tel"
          autoComplete="tel"
          placeholder="+50937123456"
          error={errors.phoneNumber?.message}
          {...register('phoneNumber')}
        />
        <TextField
          label={t`Adresse`}
          autoComplete="street-address"
          className="sm:col-span-2"
          error={errors.address?.message}
          {...register('address')}
        />
        <TextField label={t`Commune`} error={errors.city?.message} {...register('city')} />
        <TextField label={t`Département`} error={errors.state?.message} {...register('state')} />
        {confirmsOwnEmail && (
          <CurrentPasswordField
            className="sm:col-span-2"
            error={errors.current_password?.message}
            {...register('current_password')}
          />
        )}
      </div>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" disabled={mutation.isPending} onClick={onDone}>
          {t`Annuler`}
        </Button>
        <Button type="submit" loading={mutation.isPending} loadingText={t`Enregistrement...`}>
          {t`Enregistrer`}
        </Button>
      </div>
    </form>
  );
}
