import { Group, NumberInput, Select, Stack, Text, Textarea, TextInput } from '@mantine/core';
import {
  conditionOps,
  fieldTypesWithChoices,
  isFieldName,
  parseFormula,
  textPatterns,
  type Field,
  type FieldCondition,
} from '@paraaf/contract';
import { texts } from './texts';

type FieldOptions = Field['options'];

interface Props {
  field: Field & { id: string };
  /** Names of the other fields on the same document (for conditions). */
  otherNames: string[];
  onOptions: (patch: (o: FieldOptions) => FieldOptions) => void;
}

const t = texts.fieldProperties;
const combobox = { zIndex: 1000 };

/** A number option from an input ('' clears it). */
const numberOrUndefined = (v: string | number) =>
  v === '' || v === null || Number.isNaN(Number(v)) ? undefined : Number(v);

/**
 * The options of a signer's input field by its type: its name (for conditions and formulas), a
 * placeholder and an own error message, the pattern and length of a text, the bounds and
 * decimals of a number, the options of a choice, the text of a label, the formula of a computed
 * number, and the condition that shows the field or makes it required.
 */
export function FieldProperties({ field, otherNames, onOptions }: Props) {
  const o = field.options;
  const set = <K extends keyof FieldOptions>(key: K, value: FieldOptions[K] | undefined) =>
    onOptions((prev) => {
      const next = { ...prev };
      if (value === undefined || value === '') delete next[key];
      else next[key] = value;
      return next;
    });
  const type = field.type;
  const readOnly = type === 'label' || type === 'formula';
  const formulaProblem = type === 'formula' && o.formula && !parseFormula(o.formula);
  const nameProblem = o.name && !isFieldName(o.name);

  return (
    <Stack gap="xs">
      <TextInput
        label={t.name}
        description={t.nameHint}
        value={o.name ?? ''}
        maxLength={40}
        error={nameProblem ? t.nameHint : undefined}
        onChange={(e) => set('name', e.currentTarget.value.trim() || undefined)}
      />
      {!readOnly && type !== 'checkbox' && type !== 'attachment' && (
        <TextInput
          label={t.placeholder}
          value={o.placeholder ?? ''}
          maxLength={255}
          onChange={(e) => set('placeholder', e.currentTarget.value || undefined)}
        />
      )}
      {!readOnly && (
        <TextInput
          label={t.message}
          value={o.message ?? ''}
          maxLength={255}
          onChange={(e) => set('message', e.currentTarget.value || undefined)}
        />
      )}
      {type === 'text' && (
        <Select
          label={t.pattern}
          data={[
            { value: '', label: t.patternNone },
            ...textPatterns.map((p) => ({ value: p, label: t.patterns[p] })),
          ]}
          value={o.pattern ?? ''}
          allowDeselect={false}
          comboboxProps={combobox}
          onChange={(v) => set('pattern', v || undefined)}
        />
      )}
      {(type === 'text' || type === 'initials') && (
        <NumberInput
          label={t.maxLength}
          min={1}
          max={type === 'initials' ? 20 : 1000}
          allowDecimal={false}
          value={o.maxLength ?? ''}
          onChange={(v) => set('maxLength', numberOrUndefined(v))}
        />
      )}
      {type === 'number' && (
        <Group grow gap="xs">
          <NumberInput
            label={t.min}
            decimalSeparator=","
            value={o.min ?? ''}
            onChange={(v) => set('min', numberOrUndefined(v))}
          />
          <NumberInput
            label={t.max}
            decimalSeparator=","
            value={o.max ?? ''}
            onChange={(v) => set('max', numberOrUndefined(v))}
          />
        </Group>
      )}
      {(type === 'number' || type === 'formula') && (
        <NumberInput
          label={t.decimals}
          min={0}
          max={6}
          allowDecimal={false}
          value={o.decimals ?? ''}
          onChange={(v) => set('decimals', numberOrUndefined(v))}
        />
      )}
      {(fieldTypesWithChoices as readonly string[]).includes(type) && (
        <Textarea
          label={t.choices}
          autosize
          minRows={2}
          value={(o.choices ?? []).join('\n')}
          onChange={(e) => set('choices', e.currentTarget.value.split('\n'))}
          onBlur={() =>
            set(
              'choices',
              (o.choices ?? [])
                .map((c) => c.trim())
                .filter((c, i, all) => c && all.indexOf(c) === i),
            )
          }
        />
      )}
      {type === 'checkbox_group' && (
        <Group grow gap="xs">
          <NumberInput
            label={t.minChoices}
            min={0}
            allowDecimal={false}
            value={o.minChoices ?? ''}
            onChange={(v) => set('minChoices', numberOrUndefined(v))}
          />
          <NumberInput
            label={t.maxChoices}
            min={1}
            allowDecimal={false}
            value={o.maxChoices ?? ''}
            onChange={(v) => set('maxChoices', numberOrUndefined(v))}
          />
        </Group>
      )}
      {type === 'label' && (
        <Textarea
          label={t.text}
          autosize
          minRows={2}
          maxLength={1000}
          value={o.text ?? ''}
          onChange={(e) => set('text', e.currentTarget.value)}
        />
      )}
      {type === 'formula' && (
        <TextInput
          label={t.formula}
          description={t.formulaHint}
          value={o.formula ?? ''}
          maxLength={500}
          error={formulaProblem ? t.formulaInvalid : undefined}
          onChange={(e) => set('formula', e.currentTarget.value)}
        />
      )}
      <ConditionEditor
        condition={o.condition}
        otherNames={otherNames.filter((n) => n !== o.name)}
        onChange={(condition) => set('condition', condition)}
      />
    </Stack>
  );
}

function ConditionEditor({
  condition,
  otherNames,
  onChange,
}: {
  condition: FieldCondition | undefined;
  otherNames: string[];
  onChange: (c: FieldCondition | undefined) => void;
}) {
  const needsValue = condition?.op === 'equals' || condition?.op === 'above';
  return (
    <Stack gap={4}>
      <Select
        label={t.condition}
        data={[
          { value: '', label: t.conditionNone },
          ...otherNames.map((n) => ({ value: n, label: `${t.conditionField} ${n}` })),
        ]}
        value={condition?.field ?? ''}
        allowDeselect={false}
        comboboxProps={combobox}
        onChange={(v) =>
          onChange(v ? { op: 'filled', effect: 'show', ...condition, field: v } : undefined)
        }
      />
      {otherNames.length === 0 && (
        <Text size="xs" c="dimmed">
          {t.noNamedFields}
        </Text>
      )}
      {condition && (
        <Group grow gap="xs" align="flex-start">
          <Select
            aria-label={t.conditionOp}
            data={conditionOps.map((op) => ({ value: op, label: t.ops[op] }))}
            value={condition.op}
            allowDeselect={false}
            comboboxProps={combobox}
            onChange={(v) => v && onChange({ ...condition, op: v })}
          />
          {needsValue && (
            <TextInput
              aria-label={t.conditionValue}
              placeholder={t.conditionValue}
              value={condition.value ?? ''}
              onChange={(e) => onChange({ ...condition, value: e.currentTarget.value })}
            />
          )}
        </Group>
      )}
      {condition && (
        <Select
          label={t.conditionEffect}
          data={(['show', 'require'] as const).map((e) => ({ value: e, label: t.effects[e] }))}
          value={condition.effect}
          allowDeselect={false}
          comboboxProps={combobox}
          onChange={(v) => v && onChange({ ...condition, effect: v })}
        />
      )}
    </Stack>
  );
}
