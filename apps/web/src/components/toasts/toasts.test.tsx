import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ToastProvider } from './toast-context';
import { createToastStore, TOAST_TIMEOUT_MS, type ToastStore } from './toast-store';
import { Toaster } from './Toaster';

let store: ToastStore;
beforeEach(() => {
  vi.useFakeTimers();
  store = createToastStore();
  render(
    <ToastProvider store={store}>
      <Toaster />
    </ToastProvider>,
  );
});
afterEach(() => {
  store.dispose();
  vi.useRealTimers();
});

const region = () => screen.getByRole('region', { name: 'Notifications' });

describe('toasts (SPEC §2 "Feedback elements")', () => {
  it('are announced politely and show success, warning and error with their text', () => {
    act(() => {
      store.success('Connexion réussie');
      store.warning('Votre session a expiré. Veuillez vous reconnecter.');
      store.error('Échec de la déconnexion');
    });
    expect(region()).toHaveAttribute('aria-live', 'polite');
    expect(
      within(region())
        .getAllByRole('status')
        .map((toast) => toast.dataset.status),
    ).toEqual(['success', 'warning']);
    expect(within(region()).getByRole('alert')).toHaveTextContent('Échec de la déconnexion');
    expect(within(region()).getByText('Connexion réussie')).toBeVisible();
  });

  it('disappear after 5000 ms by default', () => {
    expect(TOAST_TIMEOUT_MS).toBe(5000);
    act(() => {
      store.success('Connexion réussie');
    });
    act(() => {
      vi.advanceTimersByTime(4999);
    });
    expect(screen.getByText('Connexion réussie')).toBeVisible();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(screen.queryByText('Connexion réussie')).not.toBeInTheDocument();
  });

  it("disappear after the caller's timeout", () => {
    act(() => {
      store.error('Échec', 8000);
    });
    act(() => {
      vi.advanceTimersByTime(7000);
    });
    expect(screen.getByText('Échec')).toBeVisible();
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(screen.queryByText('Échec')).not.toBeInTheDocument();
  });

  it('close with their button, leaving the others', async () => {
    // user-event waits on real timers between its steps.
    vi.useRealTimers();
    const user = userEvent.setup();
    act(() => {
      store.success('Premier');
      store.warning('Second');
    });
    const first = screen.getByText('Premier').closest('[data-status]') as HTMLElement;
    await user.click(within(first).getByRole('button', { name: 'Fermer la notification' }));
    expect(screen.queryByText('Premier')).not.toBeInTheDocument();
    expect(screen.getByText('Second')).toBeVisible();
  });

  it('offer their action, which runs once and closes the toast (decision 211)', async () => {
    vi.useRealTimers();
    const user = userEvent.setup();
    const run = vi.fn();
    act(() => {
      store.success('Personne enregistrée avec succès', 10_000, {
        label: 'Ouvrir un compte pour Jean PIERRE',
        run,
      });
    });
    const toast = within(region()).getByRole('status');
    expect(toast).toHaveTextContent('Personne enregistrée avec succès');
    await user.click(within(toast).getByRole('button', { name: 'Ouvrir un compte pour Jean PIERRE' }));
    expect(run).toHaveBeenCalledTimes(1);
    expect(screen.queryByText('Personne enregistrée avec succès')).not.toBeInTheDocument();
  });

  it('carry a random id each', () => {
    const ids = new Set<string>();
    act(() => {
      for (let i = 0; i < 50; i += 1) ids.add(store.success(`Message ${i}`));
    });
    expect(ids.size).toBe(50);
    expect(store.getSnapshot().map((toast) => toast.id)).toEqual([...ids]);
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{24}$/);
  });
  describe('stop their time while hovered or focused (WCAG 2.2.1, decision 146)', () => {
    const toastOf = (text: string) => screen.getByText(text).closest('[data-status]') as HTMLElement;
    const wait = (ms: number) =>
      act(() => {
        vi.advanceTimersByTime(ms);
      });

    it('stay while the pointer is over them, and take the rest of their 5 seconds after', () => {
      act(() => {
        store.success('Dépôt réalisé avec succès');
      });
      wait(3000);
      fireEvent.mouseEnter(toastOf('Dépôt réalisé avec succès'));
      wait(60_000);
      expect(screen.getByText('Dépôt réalisé avec succès')).toBeVisible();
      fireEvent.mouseLeave(toastOf('Dépôt réalisé avec succès'));
      wait(1999);
      expect(screen.getByText('Dépôt réalisé avec succès')).toBeVisible();
      wait(1);
      expect(screen.queryByText('Dépôt réalisé avec succès')).not.toBeInTheDocument();
    });

    it('stay while the focus is in them (their close button), and go once it leaves', () => {
      act(() => {
        store.error('Solde insuffisant');
      });
      wait(4000);
      const close = within(toastOf('Solde insuffisant')).getByRole('button', {
        name: 'Fermer la notification',
      });
      act(() => close.focus());
      wait(30_000);
      expect(screen.getByText('Solde insuffisant')).toBeVisible();
      // Pointer in and out while the focus stays: still held.
      fireEvent.mouseEnter(toastOf('Solde insuffisant'));
      fireEvent.mouseLeave(toastOf('Solde insuffisant'));
      wait(30_000);
      expect(screen.getByText('Solde insuffisant')).toBeVisible();
      act(() => close.blur());
      wait(999);
      expect(screen.getByText('Solde insuffisant')).toBeVisible();
      wait(1);
      expect(screen.queryByText('Solde insuffisant')).not.toBeInTheDocument();
    });

    it('are not held by a finger: a tap on a phone closes the toast at once', () => {
      act(() => {
        store.error('Le nom ne correspond pas');
        store.success('Autre message');
      });
      const toast = toastOf('Le nom ne correspond pas');
      // What a tap sends: the pointer's down and up, then the mouse events the browser makes of it.
      fireEvent.pointerDown(toast, { pointerType: 'touch' });
      fireEvent.pointerUp(toast, { pointerType: 'touch' });
      fireEvent.mouseEnter(toast);
      fireEvent.click(toast);
      expect(screen.queryByText('Le nom ne correspond pas')).not.toBeInTheDocument();
      expect(screen.getByText('Autre message')).toBeVisible();
      // A mouse's click on the text does not close it: only its close button does.
      fireEvent.pointerDown(toastOf('Autre message'), { pointerType: 'mouse' });
      fireEvent.click(toastOf('Autre message'));
      expect(screen.getByText('Autre message')).toBeVisible();
    });

    it('hold one toast only: the others go on their time', () => {
      act(() => {
        store.success('Premier');
        store.warning('Second');
      });
      fireEvent.mouseEnter(toastOf('Premier'));
      wait(5000);
      expect(screen.getByText('Premier')).toBeVisible();
      expect(screen.queryByText('Second')).not.toBeInTheDocument();
    });
  });
});
