import { CashOperationPage } from './CashOperationPage';

/** /transaction/deposit. */
export default function DepositPage() {
  return <CashOperationPage kind="deposit" />;
}
