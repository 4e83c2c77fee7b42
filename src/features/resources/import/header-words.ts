// Which import column a CSV header names: its wire name, its label or its name made human, in
// any case and spelling (`localPart`, `Local part`, `LOCAL_PART`), in English or in German
// ("Lokaler Teil", "Kontingent (MiB)", "Passwort"). Whole headers first, then word by word.
import { humanLabel } from '../../../lib/openapi/form/fields/human-label.ts';
import type { ImportColumn } from './import-columns.ts';

/** A name as compared: lower case, accents and everything but letters and digits left out. */
export const compact = (text: string): string =>
  text.toLowerCase().normalize('NFKD').replace(/\p{M}/gu, '').replace(/ß/g, 'ss').replace(/[^\p{L}\p{N}]+/gu, '');

/** German words of hosting forms, by their compact form, as the English word the fields use. */
const GERMAN: ReadonlyMap<string, string> = new Map([
  ['lokalerteil', 'local part'], ['lokalteil', 'local part'], ['lokal', 'local'], ['lokaler', 'local'], ['teil', 'part'],
  ['passwort', 'password'], ['kennwort', 'password'], ['neuespasswort', 'new password'],
  ['kontingent', 'quota'], ['speicherkontingent', 'quota'], ['postfachgrosse', 'quota'], ['grosse', 'size'], ['speicher', 'storage'],
  ['ziel', 'target'], ['ziele', 'destinations'], ['zieladresse', 'destination'], ['zieladressen', 'destinations'], ['weiterleitungsziele', 'destinations'],
  ['empfanger', 'destinations'], ['quelle', 'source'], ['adresse', 'address'], ['emailadresse', 'address'], ['email', 'email'],
  ['name', 'name'], ['namen', 'name'], ['typ', 'type'], ['art', 'type'], ['wert', 'value'], ['inhalt', 'content'], ['daten', 'data'],
  ['prioritat', 'priority'], ['gewichtung', 'weight'], ['gewicht', 'weight'], ['lebensdauer', 'ttl'], ['aktiv', 'active'], ['aktiviert', 'enabled'],
  ['beschreibung', 'description'], ['kommentar', 'comment'], ['notiz', 'note'], ['titel', 'title'], ['bezeichnung', 'label'],
  ['benutzername', 'username'], ['benutzer', 'user'], ['anmeldename', 'login'], ['konto', 'account'], ['hostingkonto', 'account'],
  ['domane', 'domain'], ['kunde', 'customer'], ['kundennummer', 'customer id'], ['postfach', 'mailbox'], ['pfad', 'path'], ['zielpfad', 'target'],
  ['sprache', 'language'], ['zertifikat', 'certificate'], ['schlussel', 'key'], ['vorname', 'first name'], ['nachname', 'last name'],
  ['firma', 'company'], ['telefon', 'phone'], ['land', 'country'], ['stadt', 'city'], ['ort', 'city'], ['strasse', 'street'], ['postleitzahl', 'postcode'],
  ['bemerkung', 'note'], ['bemerkungen', 'notes'], ['hinweis', 'note'], ['anmerkung', 'note'], ['notizen', 'notes'],
  ['besitzer', 'owner'], ['eigentumer', 'owner'], ['inhaber', 'owner'], ['domanenname', 'domain name'], ['domainname', 'domain name'],
  ['gruppe', 'group'], ['rolle', 'role'], ['ablauf', 'expires'], ['ablaufdatum', 'expiry date'], ['gultigbis', 'valid until'],
  ['weiterleitungen', 'forwards'], ['mailadresse', 'address'], ['emailadressen', 'addresses'], ['standard', 'default'], ['hostname', 'hostname'],
  ['rechnername', 'hostname'], ['zielpfad', 'target'], ['dokumentenstamm', 'document root'], ['dokumentenverzeichnis', 'document root'],
  ['weiterleitung', 'forward'], ['eintrag', 'record'], ['datensatz', 'record'], ['version', 'version'], ['zeitzone', 'timezone'],
]);

const germanWords = (text: string): string => text
  .split(/[^\p{L}\p{N}]+/u)
  .filter((word) => word !== '')
  .map((word) => GERMAN.get(compact(word)) ?? word)
  .join(' ');

/** The compact forms a header may stand for: as written, and in German read as English. */
export function headerForms(header: string): string[] {
  const whole = GERMAN.get(compact(header));
  return [...new Set([compact(header), ...(whole === undefined ? [] : [compact(whole)]), compact(germanWords(header))])].filter((form) => form !== '');
}

/** The compact names a column is known by: wire name (whole and last part), label, the name made human, its aliases. */
export function columnForms(column: Pick<ImportColumn, 'label' | 'wire' | 'aliases'>): string[] {
  const last = column.wire.split('.').at(-1) ?? column.wire;
  const leafLabel = column.label.split(': ').at(-1) ?? column.label;
  return [...new Set([column.wire, last, column.label, leafLabel, humanLabel(last), ...(column.aliases ?? [])].map(compact))].filter((form) => form !== '');
}

/**
 * The column each header names, by the first of its forms that some column is known by: a
 * column's full name (`web.target`, "Web: Target") before a nested field's last part alone.
 */
export function headerMatcher(columns: readonly ImportColumn[]): (header: string) => string | undefined {
  const full = new Map<string, string>();
  const partial = new Map<string, string>();
  for (const column of columns) {
    for (const form of [compact(column.wire), compact(column.label)]) if (!full.has(form)) full.set(form, column.id);
    for (const form of columnForms(column)) if (!partial.has(form)) partial.set(form, column.id);
  }
  return (header) => {
    const forms = headerForms(header);
    for (const form of forms) {
      const id = full.get(form);
      if (id !== undefined) return id;
    }
    for (const form of forms) {
      const id = partial.get(form);
      if (id !== undefined) return id;
    }
    return undefined;
  };
}
