import { useState } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Wizard, type WizardStep } from './Wizard';

function progress() {
  return screen.getByRole('progressbar');
}

function ThreeSteps({
  onSubmit = () => undefined,
  submitting = false,
  firstValid = () => true,
  secondReady = true,
  skipSecond = false,
}: {
  onSubmit?: () => void;
  submitting?: boolean;
  firstValid?: () => boolean | Promise<boolean>;
  secondReady?: boolean;
  skipSecond?: boolean;
}) {
  const steps: WizardStep[] = [
    { id: 'a', title: 'Choix du client', content: <p>Contenu un</p>, validate: firstValid },
    {
      id: 'b',
      title: 'Type de compte',
      content: <p>Contenu deux</p>,
      canGoNext: secondReady,
      blockedHint: 'Choisissez un type de compte.',
      skip: skipSecond,
    },
    { id: 'c', title: 'Résumé', content: <p>Contenu trois</p> },
  ];
  return <Wizard title="Créer un compte" steps={steps} onSubmit={onSubmit} submitting={submitting} />;
}

describe('the wizard (SPEC §2 "Wizards in general")', () => {
  it('shows its title, "Étape 1 sur 3", a progress bar and no Précédent on the first step', () => {
    render(<ThreeSteps />);
    expect(screen.getByRole('heading', { name: 'Créer un compte', level: 1 })).toBeVisible();
    expect(screen.getByText('Étape 1 sur 3')).toBeVisible();
    expect(progress()).toHaveAttribute('aria-valuenow', '1');
    expect(progress()).toHaveAttribute('aria-valuemin', '1');
    expect(progress()).toHaveAttribute('aria-valuemax', '3');
    expect(progress()).toHaveAttribute('aria-valuetext', 'Étape 1 sur 3');
    expect(screen.getByText('Contenu un')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Précédent' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Suivant' })).toBeEnabled();
    expect(screen.queryByRole('button', { name: 'Enregistrer' })).not.toBeInTheDocument();
  });

  it('goes forward with Suivant, back with Précédent, and offers Enregistrer on the last step', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    render(<ThreeSteps onSubmit={onSubmit} />);
    await user.click(screen.getByRole('button', { name: 'Suivant' }));
    expect(screen.getByText('Étape 2 sur 3')).toBeVisible();
    expect(screen.getByText('Contenu deux')).toBeVisible();
    expect(screen.queryByText('Contenu un')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Type de compte' })).toHaveFocus();
    expect(progress()).toHaveAttribute('aria-valuenow', '2');

    await user.click(screen.getByRole('button', { name: 'Précédent' }));
    expect(screen.getByText('Étape 1 sur 3')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Suivant' }));
    await user.click(screen.getByRole('button', { name: 'Suivant' }));
    expect(screen.getByText('Étape 3 sur 3')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Suivant' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });

  it('stays on a step whose validation fails', async () => {
    const user = userEvent.setup();
    const validate = vi.fn().mockResolvedValueOnce(false).mockResolvedValueOnce(true);
    render(<ThreeSteps firstValid={validate} />);
    await user.click(screen.getByRole('button', { name: 'Suivant' }));
    expect(screen.getByText('Étape 1 sur 3')).toBeVisible();
    expect(screen.getByText('Contenu un')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Suivant' }));
    expect(screen.getByText('Étape 2 sur 3')).toBeVisible();
    expect(validate).toHaveBeenCalledTimes(2);
  });

  it('disables Suivant while the step is not ready, and says why', async () => {
    const user = userEvent.setup();
    render(<ThreeSteps secondReady={false} />);
    await user.click(screen.getByRole('button', { name: 'Suivant' }));
    const next = screen.getByRole('button', { name: 'Suivant' });
    expect(next).toBeDisabled();
    expect(next).toHaveAccessibleDescription('Choisissez un type de compte.');
    await user.click(next);
    expect(screen.getByText('Étape 2 sur 3')).toBeVisible();
  });

  it('leaves a skipped step out of the count, in both directions', async () => {
    const user = userEvent.setup();
    render(<ThreeSteps skipSecond />);
    expect(screen.getByText('Étape 1 sur 2')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Suivant' }));
    expect(screen.getByText('Étape 2 sur 2')).toBeVisible();
    expect(screen.getByText('Contenu trois')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Précédent' }));
    expect(screen.getByText('Contenu un')).toBeVisible();
  });

  it('reads "Enregistrement..." and blocks every button while saving', async () => {
    const user = userEvent.setup();
    function Saving() {
      const [submitting, setSubmitting] = useState(false);
      return <ThreeSteps submitting={submitting} onSubmit={() => setSubmitting(true)} />;
    }
    render(<Saving />);
    await user.click(screen.getByRole('button', { name: 'Suivant' }));
    await user.click(screen.getByRole('button', { name: 'Suivant' }));
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(screen.getByRole('button', { name: 'Enregistrement...' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Précédent' })).toBeDisabled();
  });

  it('starts in its first field where there is a mouse and a keyboard, and nowhere on a touch screen', () => {
    const steps: WizardStep[] = [
      {
        id: 'a',
        title: 'Compte',
        content: (
          <label>
            Numéro de compte <input type="text" />
          </label>
        ),
      },
    ];
    const media = (fine: boolean) =>
      vi
        .spyOn(window, 'matchMedia')
        .mockImplementation(
          (query: string) =>
            ({ matches: fine && query === '(pointer: fine)', media: query }) as MediaQueryList,
        );
    const fine = media(true);
    const first = render(<Wizard title="Dépôt" steps={steps} onSubmit={() => undefined} />);
    expect(screen.getByRole('textbox', { name: 'Numéro de compte' })).toHaveFocus();
    first.unmount();
    fine.mockRestore();
    const touch = media(false);
    render(<Wizard title="Dépôt" steps={steps} onSubmit={() => undefined} />);
    expect(screen.getByRole('textbox', { name: 'Numéro de compte' })).not.toHaveFocus();
    touch.mockRestore();
  });

  it('can be driven from outside (the page returns to a step)', async () => {
    const user = userEvent.setup();
    function Controlled() {
      const [step, setStep] = useState(2);
      return (
        <>
          <button type="button" onClick={() => setStep(0)}>
            Retour au début
          </button>
          <Wizard
            title="Créer un agent"
            step={step}
            onStepChange={setStep}
            onSubmit={() => undefined}
            steps={[
              { id: 'a', title: 'Propriétaire', content: 'A' },
              { id: 'b', title: 'Informations', content: 'B' },
              { id: 'c', title: 'Confirmation', content: 'C' },
            ]}
          />
        </>
      );
    }
    render(<Controlled />);
    expect(screen.getByText('Étape 3 sur 3')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Retour au début' }));
    expect(screen.getByText('Étape 1 sur 3')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Suivant' }));
    expect(screen.getByText('Étape 2 sur 3')).toBeVisible();
  });
});
