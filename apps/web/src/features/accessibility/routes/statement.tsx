import { useEffect } from 'react';
import { Anchor, Box, Container, List, Stack, Text, Title } from '@mantine/core';

const CONTACT = 'toegankelijkheid@paraaf.nl';

/**
 * `/toegankelijkheid`: the accessibility statement (in Dutch), public. It speaks of the signer's
 * page, which anyone who receives a document must be able to use; the claims here are the ones
 * the end-to-end tests check (e2e/tests/signer-document.spec.ts and accessibility.spec.ts).
 */
export function StatementRoute() {
  useEffect(() => {
    document.documentElement.lang = 'nl';
    document.title = 'Toegankelijkheidsverklaring · Paraaf';
  }, []);
  return (
    <Box mih="100dvh" bg="gray.0">
      <Container size={760} py="xl" component="main">
        <Stack gap="md">
          {/* One long word: smaller on a phone, and broken rather than scrolling sideways. */}
          <Title order={1} fz={{ base: 22, xs: 28, sm: 34 }} style={{ overflowWrap: 'anywhere' }}>
            Toegankelijkheidsverklaring
          </Title>
          <Text>
            Paraaf wil dat iedereen die een document van ons krijgt het kan lezen en ondertekenen:
            op een telefoon, met alleen een toetsenbord, met een schermlezer of met vergroting.
          </Text>

          <Title order={2} fz="xl">
            Wat we beloven
          </Title>
          <Text>
            De ondertekenpagina (de pagina achter de link in de uitnodiging) voldoet aan de Web
            Content Accessibility Guidelines (WCAG) 2.2 op niveau AA, met de beperkingen die
            hieronder staan.
          </Text>

          <Title order={2} fz="xl">
            Wat we testen
          </Title>
          <Text>Bij elke wijziging controleren automatische tests in Chromium:</Text>
          <List spacing={4}>
            <List.Item>
              de ondertekenpagina met een geopend document in het Nederlands, Engels, Duits en Frans
              met axe-core: geen ernstige of kritieke fouten;
            </List.Item>
            <List.Item>
              dat de tekst van het document voor schermlezers leesbaar en selecteerbaar is, elke
              pagina een eigen naam heeft (‘Pagina 3 van 12’) en een gescande pagina zonder tekst
              dat ook zegt;
            </List.Item>
            <List.Item>
              dat elk veld, elk handtekening- en elk paraafvak een naam heeft die zegt wat het is,
              op welke pagina en van wie;
            </List.Item>
            <List.Item>
              dat je alleen met het toetsenbord kunt ondertekenen (je naam typen in plaats van
              tekenen) en dat de focus altijd zichtbaar is;
            </List.Item>
            <List.Item>
              dat de pagina op een telefoon van 390 pixels breed werkt zonder zijwaarts te scrollen,
              met inzoomen, uitzoomen, paginabreedte en knijpen om te zoomen, en dat ‘Volgende veld’
              je langs alle velden leidt in de volgorde van de pagina;
            </List.Item>
            <List.Item>
              dat ‘Tekst lezen’ de tekst van het document in letters van minstens 16 pixels toont,
              en dat de tekst van een verre pagina na ‘Ga naar pagina’ voor een schermlezer
              beschikbaar is;
            </List.Item>
            <List.Item>
              dat een document van 300 pagina’s opent op pagina 1 zonder het hele bestand te
              downloaden, en gedraaide pagina’s rechtop staan.
            </List.Item>
          </List>

          <Title order={2} fz="xl">
            Bekende beperkingen
          </Title>
          <List spacing={4}>
            <List.Item>
              Een gescande pagina is een afbeelding: de tekst erop kunnen we niet voorlezen. De
              pagina zegt dat; vraag de afzender om een document met tekst als je dat nodig hebt.
            </List.Item>
            <List.Item>
              Van een lang document wordt de tekst van een pagina geladen als je er komt (‘Ga naar
              pagina’, scrollen of de focus). Een pagina die nog niet geladen is zegt dat en heeft
              een knop ‘Tekst van pagina … laden’; een schermlezer leest dus niet vanzelf in één
              keer het hele document.
            </List.Item>
            <List.Item>
              De leesvolgorde van de tekst is die van het PDF-bestand. Een PDF zonder goede
              structuur kan in een andere volgorde worden voorgelezen dan je ziet.
            </List.Item>
            <List.Item>
              Op een telefoon past ‘Paginabreedte’ de bedrukte breedte van de eerste pagina in het
              scherm (de witte marges vallen weg); kleine letters blijven dan nog klein. Kies ‘Tekst
              lezen’ voor de tekst in gewone letters, of zoom in met ‘Inzoomen’ of door te knijpen.
              Velden vul je in op de pagina zelf.
            </List.Item>
            <List.Item>
              De schermen voor afzenders (een ondertekening klaarzetten, markers plaatsen) zijn nog
              niet volledig getest en vallen niet onder deze verklaring.
            </List.Item>
          </List>

          <Title order={2} fz="xl">
            Contact
          </Title>
          <Text>
            Loop je ergens tegenaan? Mail naar <Anchor href={`mailto:${CONTACT}`}>{CONTACT}</Anchor>
            . We antwoorden binnen vijf werkdagen en helpen je intussen het document op een andere
            manier te ondertekenen.
          </Text>
        </Stack>
      </Container>
    </Box>
  );
}
