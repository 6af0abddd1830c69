import { errorBodySchema, messages, validationErrorBodySchema } from '@paraaf/contract';
import type { ErrorStatus } from './route-doc.ts';
import { idempotencyComponents } from './idempotency-doc.ts';
import { ERRORS_KEY, jsonSchemaOf } from './route-schema.ts';

type Json = Record<string, unknown>;

const errorText: Record<ErrorStatus, { description: string; example: string }> = {
  400: { description: 'Onleesbaar verzoek (geen geldige JSON)', example: messages.invalidInput },
  401: {
    description: 'Niet ingelogd: geen, een verlopen of ingetrokken token',
    example: messages.unauthenticated,
  },
  402: {
    description: 'Niet genoeg credits',
    example: 'Je hebt niet voldoende credits om deze ondertekening te versturen.',
  },
  403: {
    description: 'Geen recht op deze actie (rol, functie van het abonnement)',
    example: messages.forbidden,
  },
  404: { description: 'Niet gevonden, of van een ander bedrijf', example: messages.notFound },
  409: {
    description: 'Niet mogelijk in de huidige status',
    example: 'Deze actie is niet mogelijk in de huidige status van de ondertekening',
  },
  410: {
    description: 'Niet meer beschikbaar: de documenten zijn verwijderd na de bewaartermijn',
    example: messages.documentsPurged,
  },
  413: { description: 'Het verzoek is te groot', example: messages.invalidInput },
  415: {
    description: 'Dit soort inhoud wordt hier niet aangenomen',
    example: messages.invalidInput,
  },
  416: {
    description: 'De gevraagde Range ligt buiten het bestand',
    example: messages.invalidInput,
  },
  422: {
    description: 'Ongeldige invoer: een Nederlandse melding per veld',
    example: messages.invalidInput,
  },
  429: {
    description: 'Te veel verzoeken; de header Retry-After zegt na hoeveel seconden opnieuw',
    example: messages.tooManyAttempts,
  },
  503: { description: 'Tijdelijk te druk; probeer het opnieuw', example: messages.busy },
};

const componentName = (status: ErrorStatus) => `Error${status}`;

/** The shared parts of the document: the bearer scheme, the error bodies and answers. */
export function sharedComponents(): Json {
  const responses: Json = {};
  for (const [code, text] of Object.entries(errorText)) {
    const status = Number(code) as ErrorStatus;
    const isValidation = status === 422;
    responses[componentName(status)] = {
      description: text.description,
      ...(status === 429
        ? { headers: { 'Retry-After': { schema: { type: 'integer', minimum: 1 } } } }
        : {}),
      content: {
        'application/json': {
          schema: { $ref: `#/components/schemas/${isValidation ? 'ValidationError' : 'Error'}` },
          example: isValidation
            ? { message: text.example, errors: { 'signers.0.email': [messages.email] } }
            : { message: text.example },
        },
      },
    };
  }
  const idempotency = idempotencyComponents() as {
    responses: Json;
    parameters: Json;
    headers: Json;
  };
  return {
    securitySchemes: {
      bearerAuth: {
        type: 'http',
        scheme: 'bearer',
        description: 'Een sessietoken (POST /api/auth/login).',
      },
      apiKeyAuth: {
        type: 'http',
        scheme: 'bearer',
        bearerFormat: 'pk_…',
        description:
          'Een API-sleutel (`pk_…`, Instellingen → API): wat de rol Gebruiker mag, zonder ' +
          'gebruikers, facturatie, bedrijfsinstellingen en API-sleutels, en zonder wachtwoord, ' +
          'tweestapsverificatie of e-mailadres van wie hem maakte. Een route die geen ' +
          '`apiKeyAuth` noemt, weigert een sleutel met 403.',
      },
    },
    schemas: {
      Error: jsonSchemaOf(errorBodySchema, 'output'),
      ValidationError: jsonSchemaOf(validationErrorBodySchema, 'output'),
    },
    responses: { ...responses, ...idempotency.responses },
    parameters: idempotency.parameters,
    headers: idempotency.headers,
  };
}

const methods = ['get', 'put', 'post', 'delete', 'patch'] as const;

/** Replaces each operation's error list (route-schema.ts) with `$ref`s to the shared answers. */
export function withErrorResponses(document: Json): Json {
  for (const item of Object.values(document.paths as Record<string, Json>)) {
    for (const method of methods) {
      const operation = item[method] as Json | undefined;
      const statuses = operation?.[ERRORS_KEY] as ErrorStatus[] | undefined;
      if (!operation || !statuses) continue;
      delete operation[ERRORS_KEY];
      const responses = operation.responses as Json;
      for (const status of statuses) {
        // A route's own answer for a status (the signing page's 410) wins over the shared one.
        responses[status] ??= { $ref: `#/components/responses/${componentName(status)}` };
      }
    }
  }
  return document;
}
