import { describe, expect, it } from 'vitest';
import { countMarkers, encodeMarkerForm, highestSigner } from './encode';

describe('encodeMarkerForm', () => {
  it('writes a field’s options, choices and condition as nested keys the server decodes', () => {
    const form = new FormData();
    encodeMarkerForm(form, {
      variables: [],
      fields: [
        {
          x: 1,
          y: 2,
          width: 150,
          height: 50,
          page: 1,
          type: 'radio',
          options: {
            rules: ['required'],
            name: 'pakket',
            choices: ['Basis', '', 'Plus'],
            condition: { field: 'akkoord', op: 'checked', effect: 'show' },
          },
        },
      ],
    });
    expect(
      Object.fromEntries([...form.entries()].filter(([k]) => k.includes('[options]'))),
    ).toEqual({
      'fields[0][options][name]': 'pakket',
      'fields[0][options][choices][0]': 'Basis',
      'fields[0][options][choices][1]': 'Plus',
      'fields[0][options][condition][field]': 'akkoord',
      'fields[0][options][condition][op]': 'checked',
      'fields[0][options][condition][effect]': 'show',
      'fields[0][options][rules][0]': 'required',
    });
  });

  it('appends nothing for an empty config', () => {
    const form = new FormData();
    encodeMarkerForm(form, { variables: [], fields: [] });
    expect([...form.keys()]).toEqual([]);
  });

  it('writes exactly the form keys of seed 000 §7', () => {
    const form = new FormData();
    encodeMarkerForm(form, {
      variables: [
        {
          x: 10.123,
          y: 20,
          width: 150,
          height: 30,
          page: 2,
          type: 'generated',
          value: 'signer.1.signature',
          options: { keepRatio: false, minWidth: 60, label: undefined },
        },
        {
          x: 0,
          y: 0,
          width: 14,
          height: 14,
          page: 1,
          type: 'checkbox_checked',
          value: null,
          options: {},
        },
      ],
      fields: [
        {
          x: 1,
          y: 2,
          width: 150,
          height: 30,
          page: 2,
          type: 'text',
          options: { signer: 1, rules: ['required'], fontSize: 11 },
        },
      ],
    });
    expect([...form.entries()]).toEqual([
      ['variables[0][x]', '10.12'],
      ['variables[0][y]', '20'],
      ['variables[0][width]', '150'],
      ['variables[0][height]', '30'],
      ['variables[0][page]', '2'],
      ['variables[0][type]', 'generated'],
      ['variables[0][value]', 'signer.1.signature'],
      ['variables[0][options][keepRatio]', 'false'],
      ['variables[0][options][minWidth]', '60'],
      ['variables[1][x]', '0'],
      ['variables[1][y]', '0'],
      ['variables[1][width]', '14'],
      ['variables[1][height]', '14'],
      ['variables[1][page]', '1'],
      ['variables[1][type]', 'checkbox_checked'],
      ['variables[1][value]', ''],
      ['fields[0][x]', '1'],
      ['fields[0][y]', '2'],
      ['fields[0][width]', '150'],
      ['fields[0][height]', '30'],
      ['fields[0][page]', '2'],
      ['fields[0][type]', 'text'],
      ['fields[0][options][signer]', '1'],
      ['fields[0][options][fontSize]', '11'],
      ['fields[0][options][rules][0]', 'required'],
    ]);
  });
});

describe('countMarkers and highestSigner', () => {
  it('count markers and find the highest signer referred to', () => {
    expect(countMarkers(undefined)).toBe(0);
    expect(highestSigner({ variables: [], fields: [] })).toBe(0);
    const config = {
      variables: [
        {
          x: 0,
          y: 0,
          width: 1,
          height: 1,
          page: 1,
          type: 'generated' as const,
          value: 'signer.3.name',
          options: {},
        },
        {
          x: 0,
          y: 0,
          width: 1,
          height: 1,
          page: 1,
          type: 'text' as const,
          value: 'signer.9 tekst',
          options: {},
        },
      ],
      fields: [
        { x: 0, y: 0, width: 1, height: 1, page: 1, type: 'text' as const, options: { rules: [] } },
      ],
    };
    expect(countMarkers(config)).toBe(3);
    expect(highestSigner(config)).toBe(3);
  });
});
