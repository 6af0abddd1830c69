import { Container, Group, Image, NativeSelect, Paper, Text } from '@mantine/core';
import tapTargets from '../../../components/tap-targets.module.css';
import { localeNames, signerLocales, type SignerLocale, type Translate } from '../texts';

interface SignerHeaderProps {
  company: { name: string; logo_url: string | null } | null;
  locale: SignerLocale;
  onLocale: (locale: SignerLocale) => void;
  t: Translate;
}

/** The sender's company (logo and name) and the language switcher; no app menu. */
export function SignerHeader({ company, locale, onLocale, t }: SignerHeaderProps) {
  return (
    <Paper component="header" radius={0} shadow="xs" py="sm" className={tapTargets.tapTargets}>
      <Container size="lg">
        <Group justify="space-between" wrap="nowrap" gap="sm">
          <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
            {company?.logo_url && (
              <Image src={company.logo_url} alt="" h={36} w="auto" fit="contain" />
            )}
            <Text fw={700} fz="lg" lh={1.25} style={{ overflowWrap: 'anywhere' }}>
              {company?.name ?? 'Paraaf'}
            </Text>
          </Group>
          <NativeSelect
            aria-label={t('page.language')}
            value={locale}
            onChange={(e) => onLocale(e.currentTarget.value as SignerLocale)}
            data={signerLocales.map((l) => ({ value: l, label: localeNames[l] }))}
            size="xs"
            w={120}
          />
        </Group>
      </Container>
    </Paper>
  );
}
