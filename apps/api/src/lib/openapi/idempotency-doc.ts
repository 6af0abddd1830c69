import { apiKeyMessages, messages } from '@paraaf/contract';
import { IDEMPOTENCY_TTL_HOURS } from '../idempotency.ts';

type Json = Record<string, unknown>;

const ref = (kind: string, name: string) => ({ $ref: `#/components/${kind}/${name}` });

/**
 * The shared parts of `Idempotency-Key` (lib/idempotency.ts): the header, the replay header and
 * the 409/422 answers of a POST, which say both the route's own reason and the key's.
 */
export function idempotencyComponents(): Json {
  const error = (schema: string, description: string, examples: Json) => ({
    description,
    content: { 'application/json': { schema: ref('schemas', schema), examples } },
  });
  return {
    parameters: {
      IdempotencyKey: {
        name: 'Idempotency-Key',
        in: 'header',
        required: false,
        description:
          'Maakt een POST veilig om te herhalen: een herhaling met dezelfde sleutel en hetzelfde ' +
          'verzoek (bij een upload: dezelfde velden en bestanden) krijgt het eerste antwoord terug ' +
          '(met `Idempotent-Replayed: true`) en maakt niets twee keer. De sleutel geldt ' +
          `${IDEMPOTENCY_TTL_HOURS} uur en hoort bij wie hem gebruikte: de gebruiker, de ` +
          'API-sleutel of de sessie van een platformbeheerder als gebruiker; voor een ander is hij ' +
          'onbekend. Een herhaling krijgt het antwoord pas na de rechtencontrole van de route (wie ' +
          'het recht mist, krijgt dezelfde 403 als zonder de header). Een geheim in het antwoord ' +
          '(een nieuwe API-sleutel, een webhookgeheim, een sessie) wordt niet bewaard: de herhaling ' +
          'geeft het antwoord zonder dat veld. Een foutantwoord wordt niet bewaard, zodat een ' +
          'herhaling opnieuw wordt uitgevoerd.',
        schema: { type: 'string', minLength: 1, maxLength: 255, pattern: '^[\\x21-\\x7e]+$' },
        example: '8d0c6f1e-4b2a-4e8e-9a51-3f0b7c2d9e14',
      },
    },
    headers: {
      IdempotentReplayed: {
        description: 'Alleen bij een herhaald verzoek met dezelfde Idempotency-Key: `true`',
        schema: { type: 'string', enum: ['true'] },
      },
    },
    responses: {
      Error409Idempotency: error(
        'Error',
        'Niet mogelijk in de huidige status, of een verzoek met dezelfde Idempotency-Key ' +
          'wordt nog verwerkt',
        {
          running: { value: { message: apiKeyMessages.idempotencyKeyInProgress } },
          status: {
            value: {
              message: 'Deze actie is niet mogelijk in de huidige status van de ondertekening',
            },
          },
        },
      ),
      Error422Idempotency: error(
        'ValidationError',
        'Ongeldige invoer (een Nederlandse melding per veld), of dezelfde Idempotency-Key ' +
          'bij een ander verzoek',
        {
          reused: {
            value: {
              message: apiKeyMessages.idempotencyKeyReused,
              errors: { idempotency_key: [apiKeyMessages.idempotencyKeyReused] },
            },
          },
          invalid: {
            value: {
              message: messages.invalidInput,
              errors: { 'signers.0.email': [messages.email] },
            },
          },
        },
      ),
    },
  };
}

/**
 * Every authenticated POST (the ones lib/idempotency.ts covers: a bearer token, session or API
 * key) gets the header, the 409/422 that mention the key and the replay header on its answers.
 * Runs after `withErrorResponses`, on the whole document, so no route declares any of it.
 */
export function withIdempotency(document: Json): Json {
  for (const item of Object.values(document.paths as Record<string, Json>)) {
    const operation = item.post as Json | undefined;
    if (!operation || !(operation.security as unknown[] | undefined)?.length) continue;
    operation.parameters = [
      ...((operation.parameters as unknown[] | undefined) ?? []),
      ref('parameters', 'IdempotencyKey'),
    ];
    const responses = operation.responses as Record<string, Json>;
    responses['409'] = ref('responses', 'Error409Idempotency');
    responses['422'] = ref('responses', 'Error422Idempotency');
    for (const [status, answer] of Object.entries(responses)) {
      // A kept answer is a success or redirect (lib/idempotency.ts keeps no error answer).
      if (!/^[23]/.test(status) || '$ref' in answer) continue;
      answer.headers = {
        ...(answer.headers ?? {}),
        'Idempotent-Replayed': ref('headers', 'IdempotentReplayed'),
      };
    }
  }
  return document;
}
