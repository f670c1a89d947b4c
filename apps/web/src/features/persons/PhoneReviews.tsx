import { Link } from 'react-router';
import { displayName, formatPhone, phoneReviewTexts as texts } from '@lajan/domain';
import { Alert } from '../../components/Alert';
import { buttonClasses } from '../../components/Button';
import { errorMessage } from '../../lib/http';
import { usePhoneReviewsQuery } from './api/phone-reviews';

/**
 * The super administrator's list of the phone numbers migration 0036 could not store in E.164, another
 * person holding that form (decision 204). Nothing while it loads or when the list is empty: it is a
 * notice above the persons, not a screen of its own.
 */
export function PhoneReviews() {
  const query = usePhoneReviewsQuery(true);
  if (query.isError) return <Alert type="danger">{errorMessage(query.error, texts.loadFailed)}</Alert>;
  const reviews = query.data ?? [];
  if (reviews.length === 0) return null;
  return (
    <section
      aria-labelledby="phone-reviews-title"
      className="rounded-lg border border-amber-300 bg-amber-50 p-4"
    >
      <h2 id="phone-reviews-title" className="text-lg font-semibold text-slate-900">
        {texts.title}
      </h2>
      <p className="mt-1 text-sm text-slate-700">{texts.intro}</p>
      <ul aria-label={texts.title} className="mt-3 divide-y divide-amber-200">
        {reviews.map((review) => {
          const name = displayName(review);
          return (
            <li key={review.personId} className="flex flex-wrap items-center gap-3 py-2">
              <div className="min-w-48 flex-1">
                <p className="font-medium break-words text-slate-900">
                  {name} · <span className="whitespace-nowrap">{formatPhone(review.phoneNumber)}</span>
                </p>
                <p className="text-sm break-words text-slate-700">
                  {review.heldBy
                    ? texts.heldBy(formatPhone(review.normalForm), displayName(review.heldBy))
                    : texts.heldByNobody(formatPhone(review.normalForm))}
                </p>
              </div>
              <Link
                to={`/persons/${review.personId}/edit`}
                className={buttonClasses('secondary')}
                aria-label={`${texts.edit} ${name}`}
              >
                {texts.edit}
              </Link>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
