import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useNavigate } from 'react-router';
import { describe, expect, it } from 'vitest';
import { Alert, type AlertType } from './Alert';
import { ReceiptPanel } from './receipt/ReceiptPanel';
import { ReceiptProvider, useReceipt } from './receipt/receipt-context';
import { withAppProviders } from '../test/render-app';
import { transactionOf } from '../test/transactions';
import { TextField } from './TextField';
import { Pagination } from './Pagination';

describe('Pagination', () => {
  it('brings the list’s top back into view when its top is above the screen or under the top bar, and only then', async () => {
    const pages: number[] = [];
    render(
      <div data-testid="list">
        <p>Chargement de la page...</p>
        <Pagination page={1} perPage={10} total={25} onPageChange={(next) => pages.push(next)} />
      </div>,
    );
    const list = screen.getByTestId('list');
    const scrolled: ScrollIntoViewOptions[] = [];
    list.scrollIntoView = (options?: boolean | ScrollIntoViewOptions) => {
      scrolled.push(options as ScrollIntoViewOptions);
    };
    const user = userEvent.setup();
    list.getBoundingClientRect = () => ({ top: 120 }) as DOMRect;
    await user.click(screen.getByRole('button', { name: 'Suivant' }));
    expect(scrolled).toEqual([]);
    list.getBoundingClientRect = () => ({ top: -1800 }) as DOMRect;
    await user.click(screen.getByRole('button', { name: 'Suivant' }));
    expect(scrolled).toEqual([{ block: 'start' }]);
    // Under the sticky top bar (the page's scroll padding): out of sight too.
    document.documentElement.style.scrollPaddingTop = '80px';
    list.getBoundingClientRect = () => ({ top: 40 }) as DOMRect;
    await user.click(screen.getByRole('button', { name: 'Suivant' }));
    expect(scrolled).toHaveLength(2);
    list.getBoundingClientRect = () => ({ top: 90 }) as DOMRect;
    await user.click(screen.getByRole('button', { name: 'Suivant' }));
    expect(scrolled).toHaveLength(2);
    document.documentElement.style.scrollPaddingTop = '';
    expect(pages).toEqual([2, 2, 2, 2]);
  });
});

describe('Alert', () => {
  it.each<[AlertType, 'alert' | 'status']>([
    ['info', 'status'],
    ['danger', 'alert'],
    ['success', 'status'],
    ['warning', 'alert'],
    ['dark', 'status'],
  ])('shows a %s message as %s', (type, role) => {
    render(
      <Alert type={type} title="Titre">
        Le compte n&apos;est pas actif
      </Alert>,
    );
    const alert = screen.getByRole(role);
    expect(alert).toHaveAttribute('data-type', type);
    expect(alert).toHaveTextContent("TitreLe compte n'est pas actif");
  });
});

describe('TextField', () => {
  it('ties its label and its error to the input, and marks a required field', () => {
    render(<TextField label="Nom" required error="Le nom est requis" hint="Comme sur la pièce" />);
    const input = screen.getByRole('textbox', { name: 'Nom' });
    expect(input).toHaveAttribute('aria-required', 'true');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('Comme sur la pièce Le nom est requis');
    expect(screen.getByText('*')).toHaveAttribute('aria-hidden', 'true');
  });

  it('has no asterisk and no error when optional and valid', () => {
    render(<TextField label="Email" />);
    const input = screen.getByRole('textbox', { name: 'Email' });
    expect(input).not.toHaveAttribute('aria-invalid');
    expect(input).not.toHaveAccessibleDescription();
    expect(screen.queryByText('*')).not.toBeInTheDocument();
  });
});

function SelectButton() {
  const { select } = useReceipt();
  return (
    <button type="button" onClick={() => select(transactionOf({ transactionNumber: '40912345678' }))}>
      Choisir
    </button>
  );
}

describe('the receipt panel slot', () => {
  function Elsewhere() {
    const navigate = useNavigate();
    return (
      <button type="button" onClick={() => void navigate('/ailleurs')}>
        Ailleurs
      </button>
    );
  }

  it('renders nothing until a transaction is selected, then shows it until closed or the page changes', async () => {
    const user = userEvent.setup();
    render(
      withAppProviders(
        <MemoryRouter>
          <ReceiptProvider>
            <SelectButton />
            <Elsewhere />
            <ReceiptPanel />
          </ReceiptProvider>
        </MemoryRouter>,
      ),
    );
    expect(screen.queryByRole('complementary', { name: 'Reçu' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Choisir' }));
    expect(await screen.findByRole('complementary', { name: 'Reçu' })).toHaveTextContent('40912345678');
    await user.click(screen.getByRole('button', { name: 'Fermer' }));
    expect(screen.queryByRole('complementary', { name: 'Reçu' })).not.toBeInTheDocument();

    // Moving to another page closes it: it never stays over, or beside, the pages that follow.
    await user.click(screen.getByRole('button', { name: 'Choisir' }));
    expect(await screen.findByRole('complementary', { name: 'Reçu' })).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Ailleurs' }));
    expect(screen.queryByRole('complementary', { name: 'Reçu' })).not.toBeInTheDocument();
  });
});
