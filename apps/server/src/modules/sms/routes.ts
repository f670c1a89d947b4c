import {
  errorBodySchema,
  failedSmsQuerySchema,
  failedSmsSchema,
  listResponseSchema,
  smsControlMessages,
  smsKindSettingInputSchema,
  smsKindSettingResponseSchema,
  smsRetryResponseSchema,
  smsSettingsResponseSchema,
} from '@lajan/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireCapability, scheduleEditorOf } from '../auth/index.js';
import { failedSms, retrySms, setSmsKind, smsSettings } from './service.js';

const bearer = [{ bearerAuth: [] }];
const tags = ['sms'];
const refused = { 401: errorBodySchema, 403: errorBodySchema };
const kinds =
  '`receipt` (reçu d’opération au client), `pickup_code` (code de retrait au bénéficiaire d’un transfert externe), `transfer_paid`, `transfer_cancelled`, `transfer_expired` (avis à l’expéditeur)';
const settingShape =
  '`{ kind, label, enabled, updatedAt, updatedBy: { username } | null }` ; `updatedAt` nul : jamais touché (activé depuis la mise en service).';

/** The super administrator's controls of the SMS (issue 46 item 3, decision 242). */
export const smsRoutes: FastifyPluginAsyncZod = (app) => {
  const editorOf = (request: Parameters<typeof scheduleEditorOf>[0]) =>
    scheduleEditorOf(request, app.services.clock);

  app.get(
    '/sms/settings',
    {
      preHandler: requireCapability('sms.read'),
      schema: {
        tags,
        summary: 'Les types de SMS et leur interrupteur',
        description: `Super administrateur. Chaque type, dans l’ordre du domaine : ${kinds}. ${settingShape}`,
        security: bearer,
        response: { 200: smsSettingsResponseSchema, ...refused },
      },
    },
    async () => ({ data: await smsSettings(app.database.db) }),
  );

  app.put(
    '/sms/settings/:kind',
    {
      preHandler: requireCapability('sms.edit'),
      schema: {
        tags,
        summary: 'Activer ou désactiver un type de SMS',
        description: `Super administrateur. \`{ enabled }\`. Un SMS d’un type désactivé n’est pas envoyé : quand vient son tour, l’expéditeur le marque en échec (\`lastError\` : \`kind_disabled\`) ; il se renvoie par \`POST /sms/{id}/retry\` une fois le type réactivé. Les SMS déjà partis ne changent pas. Journalisé quand la valeur change (\`sms.kind_enabled\`, \`sms.kind_disabled\`). Type inconnu : 404. Répond le type : ${settingShape}`,
        security: bearer,
        params: z.object({ kind: z.string().max(64, { error: () => smsControlMessages.kindNotFound }) }),
        body: smsKindSettingInputSchema,
        response: {
          200: smsKindSettingResponseSchema,
          ...refused,
          404: errorBodySchema,
          422: errorBodySchema,
        },
      },
    },
    async (request) => ({
      data: await setSmsKind(app.database.db, request.params.kind, request.body.enabled, editorOf(request)),
    }),
  );

  app.get(
    '/sms/failed',
    {
      preHandler: requireCapability('sms.read'),
      schema: {
        tags,
        summary: 'Les SMS en échec',
        description:
          'Super administrateur. Les SMS abandonnés (essais épuisés, ou type désactivé au moment de l’envoi), `stage: "sending"`, et les SMS acceptés par le SMSC dont le rapport de remise dit qu’ils n’ont pas atteint le téléphone (`UNDELIV`, `REJECTD`, `EXPIRED`, `DELETED`, `UNKNOWN`), `stage: "delivery"` ; le dernier échec d’abord : `{ id, kind, label, to, language, createdAt, failedAt, stage, attempts, lastError, deliveryStatus, transactionNumber }`. `failedAt` d’un SMS non remis est l’heure de son acceptation par le SMSC ; son `lastError` est le statut du rapport. Le numéro est masqué (`+509****1234`) ; le texte n’est jamais répondu : il peut porter un code de retrait.',
        security: bearer,
        querystring: failedSmsQuerySchema,
        response: { 200: listResponseSchema(failedSmsSchema), ...refused, 422: errorBodySchema },
      },
    },
    async (request) => {
      const { page, per_page } = request.query;
      const { rows, total } = await failedSms(app.database.db, {
        limit: per_page,
        offset: (page - 1) * per_page,
      });
      return { data: rows, meta: { total, page, per_page } };
    },
  );

  app.post(
    '/sms/:id/retry',
    {
      preHandler: requireCapability('sms.edit'),
      schema: {
        tags,
        summary: 'Renvoyer un SMS en échec',
        description:
          'Super administrateur. Le SMS repart dans la file, dû maintenant, ses essais remis à zéro, avec le même texte. Inconnu : 404 ; pas en échec (déjà envoyé ou encore en file) : 409 ; accepté par le SMSC puis non remis (`stage: "delivery"`, son texte effacé à l’envoi) : 409 ; son type est désactivé : 409. Journalisé (`sms.retried`, numéro masqué). Répond `{ id, kind, to }`.',
        security: bearer,
        params: z.object({ id: z.string().max(64, { error: () => smsControlMessages.smsNotFound }) }),
        response: {
          200: smsRetryResponseSchema,
          ...refused,
          404: errorBodySchema,
          409: errorBodySchema,
          422: errorBodySchema,
        },
      },
    },
    async (request) => {
      const data = await retrySms(app.database.db, request.params.id, editorOf(request));
      app.sms.kickSoon();
      return { data };
    },
  );

  return Promise.resolve();
};
