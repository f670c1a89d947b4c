import {
  counterPartyTexts,
  displayName,
  documentLabel,
  idDocumentTypeSchema,
  type IdDocumentType,
} from '@lajan/domain';

type Holder = { id: string; firstName: string; lastName: string; idDocumentType: string };

/** A holder offered as the person at the counter: the name and the document type, never the number. */
export interface CounterPartyChoice {
  name: string;
  idDocumentType: IdDocumentType | undefined;
}

/**
 * The account's holders, offered as the person at the counter (decision 132): a tap fills the name and
 * the document type; the number is still typed from the card presented, since the search shows other
 * agents' numbers masked and the holder check compares the card with the file (decision 111).
 */
export function HolderChoice({
  holders,
  onChoose,
  of = 'holders',
}: {
  /** The account's holders (`account.customers`), or the sender of a cash transfer. */
  holders: readonly Holder[];
  onChoose: (party: CounterPartyChoice) => void;
  /** Whom `holders` are: an account's holders, or a cash transfer's sender (its own words). */
  of?: keyof typeof counterPartyTexts;
}) {
  if (holders.length === 0) return null;
  const texts = counterPartyTexts[of];
  return (
    <section aria-label={texts.title} className="space-y-2">
      <p className="text-sm text-slate-700">{texts.hint}</p>
      <div className="flex flex-wrap gap-2">
        {holders.map((holder) => {
          const type = idDocumentTypeSchema.safeParse(holder.idDocumentType);
          return (
            <button
              key={holder.id}
              type="button"
              onClick={() =>
                onChoose({ name: displayName(holder), idDocumentType: type.success ? type.data : undefined })
              }
              className="min-h-11 rounded-md border border-slate-300 bg-white px-3 py-2 text-left text-sm font-medium text-blue-900 hover:border-blue-700 hover:bg-blue-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700"
            >
              {displayName(holder)}
              <span className="block text-xs font-normal text-slate-600">
                {documentLabel(holder.idDocumentType)}
              </span>
            </button>
          );
        })}
      </div>
    </section>
  );
}
