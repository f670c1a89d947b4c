import { useQuery } from '@tanstack/react-query';
import { phoneReviewSchema, phoneReviewTexts, type PhoneReview } from '@lajan/domain';
import { z } from 'zod';
import type { HttpClient } from '../../../lib/http';
import { useHttp } from '../../../lib/http-context';
import { personQueryKeys } from '../../../components/persons/api';

const phoneReviewsSchema = z.array(phoneReviewSchema);

/** `GET /persons/phone-reviews`: the numbers migration 0036 kept for review (decision 204). */
export async function listPhoneReviews(http: HttpClient, signal?: AbortSignal): Promise<PhoneReview[]> {
  return phoneReviewsSchema.parse(await http.get<unknown>('/persons/phone-reviews', { signal }));
}

/** Asked only for the super administrator (`persons.phoneReviews`). */
export function usePhoneReviewsQuery(enabled: boolean) {
  const http = useHttp();
  return useQuery({
    queryKey: [...personQueryKeys.all, 'phone-reviews'] as const,
    queryFn: ({ signal }) => listPhoneReviews(http, signal),
    enabled,
    throwOnError: false,
    meta: { errorFallback: phoneReviewTexts.loadFailed },
  });
}
