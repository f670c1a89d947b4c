import { errorBodySchema, registerInputSchema } from '@lajan/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

const registerResponseSchema = z.object({
  data: z.object({ user: z.null(), token: z.null(), reference: z.string() }),
});

/** `POST /auth/register`: the public registration, no session needed or given. */
export const registrationRoutes: FastifyPluginAsyncZod = (app) => {
  const service = app.services.registration;

  app.post(
    '/auth/register',
    {
      config: { public: true },
      // Before validation: a throttled address learns nothing, not even what is wrong with its form.
      preValidation: (request) => service.throttle(request.ip),
      schema: {
        tags: ['auth'],
        summary: 'Demande publique d’ouverture de compte (sans utilisateur ni jeton)',
        description:
          'Crée les personnes (ou reprend une personne déjà enregistrée avec la même pièce et le même nom) et un compte ' +
          '`pending` avec une référence `DEM-XXXXXX`, puis écrit au titulaire principal. Une pièce (sous un autre nom), un e-mail ' +
          'ou un téléphone déjà enregistrés reçoivent la même réponse 201 sans rien ouvrir : les personnes enregistrées en sont ' +
          'averties à leur adresse. Une même donnée répétée dans la demande : 422. 10 demandes par heure et par adresse, puis 429.',
        body: registerInputSchema,
        response: {
          201: registerResponseSchema,
          422: errorBodySchema,
          429: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const { reference } = await service.register(request.body, request.ip);
      return reply.code(201).send({ data: { user: null, token: null, reference } });
    },
  );

  return Promise.resolve();
};
