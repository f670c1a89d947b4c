import { CashOperationPage } from './CashOperationPage';

/** /transaction/withdraw. */
export default function WithdrawPage() {
  return <CashOperationPage kind="withdrawal" />;
}
