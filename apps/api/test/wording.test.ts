import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { FORBIDDEN_WORDING } from '@paraaf/contract';
import { defaultEmailTemplates } from '../src/modules/email-templates/defaults.ts';

const root = fileURLToPath(new URL('../../../', import.meta.url));

/** Source files under `dir`, tests left out (they quote the forms they refuse). */
function sources(dir: string): string[] {
  return readdirSync(join(root, dir), { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && /\.tsx?$/.test(e.name) && !/\.(test|spec)\.tsx?$/.test(e.name))
    .map((e) => relative(root, join(e.parentPath, e.name)));
}

/** Texts of a file: string and template literals and JSX text, comments and code left out. */
function textsOf(file: string): string[] {
  const source = ts.createSourceFile(
    file,
    readFileSync(join(root, file), 'utf8'),
    ts.ScriptTarget.Latest,
    true,
    file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const texts: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) return;
    if (ts.isStringLiteralLike(node) || ts.isTemplateLiteralToken(node) || ts.isJsxText(node))
      texts.push(node.text);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return texts;
}

/** Files whose texts are another language than Dutch (the signer's page in en/de/fr). */
const otherLanguages = /features\/signing\/texts\/(en|de|fr)\.ts$/;

function offences(named: [where: string, texts: string[]][]) {
  const found: string[] = [];
  for (const [where, texts] of named)
    for (const text of texts)
      for (const { pattern, use } of FORBIDDEN_WORDING)
        if (pattern.test(text)) found.push(`${where}: "${text}" (use ${use})`);
  return found;
}

describe('Dutch wording (glossary in packages/contract)', () => {
  it('finds each forbidden form in a sample text', () => {
    const samples = [
      'Handmatige herrinering verstuurd',
      'U heeft niet voldoende credits',
      'Neem contact op met Bakkerij B.V..',
      'Email verificatie verstuurd',
      'Verloopt op 12 November 2026',
    ];
    for (const sample of samples)
      expect(
        FORBIDDEN_WORDING.some((f) => f.pattern.test(sample)),
        sample,
      ).toBe(true);
    for (const fine of [
      'Handmatige herinnering verstuurd',
      'Je hebt niet voldoende credits',
      'E-mailverificatie verstuurd',
      'Verloopt op 12 november 2026',
      'November',
    ])
      expect(
        FORBIDDEN_WORDING.some((f) => f.pattern.test(fine)),
        fine,
      ).toBe(false);
  });

  it('has none of them in the contract, the web screens or the server', () => {
    const files = [
      ...sources('packages/contract/src'),
      ...sources('apps/web/src'),
      ...sources('apps/api/src'),
    ].filter((f) => !otherLanguages.test(f));
    expect(files.length).toBeGreaterThan(300);
    expect(offences(files.map((f) => [f, textsOf(f)]))).toEqual([]);
  });

  it('has none of them in the Dutch mail templates', () => {
    const nl = defaultEmailTemplates.filter((t) => t.locale === 'nl');
    expect(nl.length).toBeGreaterThan(5);
    expect(offences(nl.map((t) => [t.name, [t.subject, t.template]]))).toEqual([]);
  });
});
